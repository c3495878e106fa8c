import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route writes what a comparison or the quotation pickers read (offers, stock, prices,
     * moderation, a supplier's terms): its 2xx answer leaves only once the catalogue's caches of
     * every process have applied the write.
     */
    cambiaCatalogo?: boolean;
  }
}

/**
 * Read-your-writes for the catalogue's caches, in one place (docs/decisions/010): after a 2xx of a
 * route whose config says `cambiaCatalogo`, and before its answer leaves, the write's
 * notifications are awaited here and on every other process (`sync`), so the client's very next
 * comparison, on any process, sees what it wrote. A 4xx or 5xx wrote nothing: it answers at once.
 * onSend, not onResponse: onResponse runs once the answer is gone, too late for the next request.
 */
export function registerCatalogoSync(app: FastifyInstance, cache: { sync(): Promise<void> }) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.cambiaCatalogo && reply.statusCode >= 200 && reply.statusCode < 300) await cache.sync();
    return payload;
  });
}
