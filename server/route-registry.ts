import type { FastifyInstance, HTTPMethods } from 'fastify';

/** A route as registered, for the tests that cover every endpoint (server/fuzz.api.test.ts). */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: { body?: unknown; params?: unknown; querystring?: unknown; hide?: boolean };
  /** Whether its 2xx waits for the catalogue's caches (server/http/catalogo-sync.ts). */
  cambiaCatalogo: boolean;
}

const registries = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Records every route added after this call (call it before any route or plugin), so that tests
 * cover the endpoints of later issues without a hand-kept list.
 */
export function registerRouteRegistry(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registries.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods: HTTPMethods[] = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routes.push({
        method: method.toUpperCase(),
        url: route.url,
        schema: route.schema as RegisteredRoute['schema'],
        cambiaCatalogo: route.config?.cambiaCatalogo === true,
      });
  });
}

export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const routes = registries.get(app);
  if (!routes) throw new Error('registerRouteRegistry(app) was not called before the routes were registered');
  return routes;
}

/**
 * The methods some route answers on this URL (for `Allow`), asked of the router itself: every
 * route, whenever registered, counts, and parameters, trailing slashes and encoding are read
 * exactly as for routing.
 */
export function allowedMethods(app: FastifyInstance, url: string): string[] {
  return app.supportedMethods.filter((method) => app.findRoute({ method: method as HTTPMethods, url }) !== null).sort();
}
