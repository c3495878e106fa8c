import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import {
  cambioEstadoSchema,
  ordenDetalleSchema,
  ordenesPageSchema,
  ordenesQuerySchema,
  pedidoDetalleSchema,
  pedidosPageSchema,
  pedidosQuerySchema,
  seguimientoSchema,
} from '#common/schemas/pedidos';
import { z } from '#common/zod-es';
import type { Db } from '#server/db/client';
import { idParams } from '#server/http/params';
import type { Mailer } from '#server/mail/mailer';
import { currentUser, type Guards } from '#server/modules/auth/authenticate';
import { changeEstado, getOrden, getPedido, getSeguimiento, listOrdenes, listPedidos } from './pedidos.service';
import { createFirmaSeguimiento } from './seguimiento';

const conSesion = { security: [{ jwt: [] }] };
const errores = { 400: badRequestSchema, 401: detailSchema, 403: detailSchema, 404: detailSchema, 409: detailSchema };

/**
 * Pedidos: the supplier's inbox and its moves, the buyer's orders on the server, and
 * the tracking link of an order for whoever holds it. A pedido is seen by its supplier and by the
 * buyer whose order it is; to anyone else it does not exist (404).
 */
export interface PedidosRoutesOptions {
  db: Db;
  guards: Guards;
  mailer: Mailer;
  publicUrl: string;
  /** Signs the tracking links of the status e-mails (./seguimiento.ts). */
  jwtSecret: string;
  /** The clock of the receipt's 48-hour window (recepcion.routes.ts); tests pin it (the real one when absent). */
  now?: () => Date;
}

export const pedidosRoutes: FastifyPluginAsyncZod<PedidosRoutesOptions> = async (app, { db, guards, mailer, publicUrl, jwtSecret }) => {
  const firma = createFirmaSeguimiento(jwtSecret);

  app.get(
    '/api/pedidos/',
    {
      onRequest: guards.requireRole('proveedor'),
      schema: {
        ...conSesion,
        tags: ['pedidos'],
        summary: 'Pedidos recibidos por el proveedor, del más nuevo al más antiguo (20 por página)',
        querystring: pedidosQuerySchema,
        response: { 200: pedidosPageSchema, ...errores },
      },
    },
    (request) => listPedidos(db, currentUser(request).id, request.query),
  );

  app.get(
    '/api/pedidos/:id/',
    {
      onRequest: guards.authenticate,
      schema: {
        ...conSesion,
        tags: ['pedidos'],
        summary: 'Un pedido: líneas, entrega, facturación e historial',
        params: idParams,
        response: { 200: pedidoDetalleSchema, ...errores },
      },
    },
    (request) => getPedido(db, currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/pedidos/:id/estado/',
    {
      onRequest: guards.authenticate,
      // The stock a rejection or an annulment gives back: the next comparison already offers it.
      config: { cambiaCatalogo: true },
      schema: {
        ...conSesion,
        tags: ['pedidos'],
        summary: 'Cambiar el estado de un pedido (el proveedor lo confirma, rechaza, despacha o entrega; el comprador lo anula)',
        params: idParams,
        body: cambioEstadoSchema,
        response: { 200: pedidoDetalleSchema, ...errores },
      },
    },
    (request) => changeEstado({ db, mailer, publicUrl, firma }, currentUser(request).id, request.params.id, request.body),
  );

  app.get(
    '/api/ordenes/',
    {
      onRequest: guards.authenticate,
      schema: {
        ...conSesion,
        tags: ['pedidos'],
        summary: 'Mis órdenes de compra, con el estado del pedido de cada proveedor (20 por página)',
        querystring: ordenesQuerySchema,
        response: { 200: ordenesPageSchema, ...errores },
      },
    },
    (request) => listOrdenes(db, currentUser(request).id, request.query.page),
  );

  app.get(
    '/api/ordenes/:id/',
    {
      onRequest: guards.authenticate,
      schema: {
        ...conSesion,
        tags: ['pedidos'],
        summary: 'Una orden de compra propia, pedido por pedido',
        params: idParams,
        response: { 200: ordenDetalleSchema, ...errores },
      },
    },
    (request) => getOrden(db, currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/seguimiento/:token/',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Seguir una orden con el enlace de sus correos, sin iniciar sesión: estado, fecha, comuna y productos de cada pedido, sin datos del comprador',
        params: z.object({ token: z.string().max(100) }),
        response: { 200: seguimientoSchema, 404: detailSchema },
      },
    },
    (request) => getSeguimiento(db, firma, request.params.token),
  );
};
