import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { pedidoDetalleSchema, recepcionSchema, respuestaReclamoSchema } from '#common/schemas/pedidos';
import { idParams } from '#server/http/params';
import { currentUser } from '#server/modules/auth/authenticate';
import type { PedidosRoutesOptions } from './pedidos.routes';
import { answerReclamo, recordRecepcion } from './recepcion.service';

const conSesion = { security: [{ jwt: [] }] };
const errores = { 400: badRequestSchema, 401: detailSchema, 403: detailSchema, 404: detailSchema, 409: detailSchema };

/** Receiving and claims (docs/decisions/026): POST /api/pedidos/{id}/recepcion/ by its buyer, POST /api/pedidos/{id}/reclamo/ by its supplier. */
export const recepcionRoutes: FastifyPluginAsyncZod<PedidosRoutesOptions> = async (app, { db, guards, mailer, publicUrl, now = () => new Date() }) => {
  const deps = { db, mailer, publicUrl, now };

  app.post(
    '/api/pedidos/:id/recepcion/',
    {
      onRequest: guards.authenticate,
      schema: {
        ...conSesion,
        tags: ['pedidos'],
        summary: `Registrar lo recibido de un pedido, línea por línea (quien compró, una vez, hasta 48 horas después de entregado); una diferencia abre un reclamo`,
        params: idParams,
        body: recepcionSchema,
        response: { 200: pedidoDetalleSchema, ...errores },
      },
    },
    (request) => recordRecepcion(deps, currentUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/api/pedidos/:id/reclamo/',
    {
      onRequest: guards.authenticate,
      schema: {
        ...conSesion,
        tags: ['pedidos'],
        summary:
          'Responder el reclamo abierto de un pedido (su proveedor): aceptarlo con un crédito neto de hasta el monto reclamado, o rechazarlo con un motivo',
        params: idParams,
        body: respuestaReclamoSchema,
        response: { 200: pedidoDetalleSchema, ...errores },
      },
    },
    (request) => answerReclamo(deps, currentUser(request).id, request.params.id, request.body),
  );
};
