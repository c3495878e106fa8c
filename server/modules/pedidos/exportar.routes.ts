import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PedidosRoutesOptions } from './pedidos.routes';

/** Exports (docs/decisions/026): GET /api/pedidos/exportar/ (supplier) and GET /api/ordenes/exportar/ (buyer), .xlsx for a range of days. */
export const exportarRoutes: FastifyPluginAsyncZod<PedidosRoutesOptions> = async (_app, _options) => {};
