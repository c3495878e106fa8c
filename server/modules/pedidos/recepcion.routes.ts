import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PedidosRoutesOptions } from './pedidos.routes';

/** Receiving and claims (docs/decisions/026): POST /api/pedidos/{id}/recepcion/ by its buyer, POST /api/pedidos/{id}/reclamo/ by its supplier. */
export const recepcionRoutes: FastifyPluginAsyncZod<PedidosRoutesOptions> = async (_app, _options) => {};
