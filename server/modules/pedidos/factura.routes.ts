import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { facturaPedidoSchema, pedidoDetalleSchema } from '#common/schemas/pedidos';
import { idParams } from '#server/http/params';
import { currentUser } from '#server/modules/auth/authenticate';
import { saveFactura } from './factura.service';
import type { PedidosRoutesOptions } from './pedidos.routes';

/** The supplier's bookkeeping on its pedido (docs/decisions/026): PATCH /api/pedidos/{id}/ with factura_numero, factura_fecha, pagado_el. */
export const facturaRoutes: FastifyPluginAsyncZod<PedidosRoutesOptions> = async (app, { db, guards }) => {
  app.patch(
    '/api/pedidos/:id/',
    {
      onRequest: guards.authenticate,
      schema: {
        security: [{ jwt: [] }],
        tags: ['pedidos'],
        summary: 'Registrar la factura y el pago de un pedido (su proveedor): un campo ausente no cambia, null lo quita',
        params: idParams,
        body: facturaPedidoSchema,
        response: { 200: pedidoDetalleSchema, 400: badRequestSchema, 401: detailSchema, 403: detailSchema, 404: detailSchema, 409: detailSchema },
      },
    },
    (request) => saveFactura(db, currentUser(request).id, request.params.id, request.body),
  );
};
