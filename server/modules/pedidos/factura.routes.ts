import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PedidosRoutesOptions } from './pedidos.routes';

/** The supplier's bookkeeping on its pedido (docs/decisions/026): PATCH /api/pedidos/{id}/ with factura_numero, factura_fecha, pagado_el. */
export const facturaRoutes: FastifyPluginAsyncZod<PedidosRoutesOptions> = async (_app, _options) => {};
