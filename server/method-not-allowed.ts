import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { AppError } from './errors';

/** A route as registered: what 405 answers and the fuzz test (server/fuzz.api.test.ts) read. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: { body?: unknown; params?: unknown; querystring?: unknown; hide?: boolean };
}

const registries = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Records every route added after this call (call it before any route or plugin), so that the
 * 405 check and the fuzz test cover the endpoints of later issues without a hand-kept list.
 */
export function registerRouteRegistry(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registries.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods: HTTPMethods[] = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method: method.toUpperCase(), url: route.url, schema: route.schema as RegisteredRoute['schema'] });
  });
}

export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const routes = registries.get(app);
  if (!routes) throw new Error('registerRouteRegistry(app) no se llamó antes de registrar las rutas');
  return routes;
}

/**
 * For a request no route answered: 405 with `Allow` when the path exists under other methods
 * (DRF's wording, AUTH-CONTRACT: `Método "GET" no permitido.`), undefined when the path is unknown
 * (404). The router itself matches the path, so parameters, trailing slashes and encoding are
 * read exactly as for routing.
 */
export function methodNotAllowed(app: FastifyInstance, request: FastifyRequest): AppError | undefined {
  const methods = new Set(registeredRoutes(app).map((route) => route.method));
  const allow = [...methods].filter((method) => app.findRoute({ method: method as HTTPMethods, url: request.url }) !== null);
  if (allow.length === 0) return undefined;
  return new AppError(405, { detail: `Método "${request.method}" no permitido.` }, { allow: allow.sort().join(', ') });
}
