import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { CLAVE_COTIZACION_HEADER } from '#common/schemas/cotizaciones';
import {
  confirmarOrdenSchema,
  metodosPagoSchema,
  ordenConfirmadaSchema,
  ordenPorConfirmarSchema,
  ordenSchema,
  ordenSchemaOut,
  resumenCompraSchema,
  resumenQuerySchema,
  rubrosSchema,
} from '#common/schemas/ordenes';
import type { Db } from '#server/db/client';
import type { Mailer } from '#server/mail/mailer';
import type { Guards } from '#server/modules/auth/authenticate';
import { idParams } from '#server/http/params';
import { callerOf } from '#server/http/caller';
import { findMetodosPago, findRubros } from './ordenes.repository';
import { confirmarOrden, getResumenCompra, placeOrden } from './ordenes.service';

// As the quotation calls (docs/producto.md §6): open to anonymous callers, who hold their records by a clave.
const abierta = {
  description: `Anónimo o con \`Authorization: JWT <access>\`. Una cotización anónima se usa enviando su clave en el encabezado \`${CLAVE_COTIZACION_HEADER}\`.`,
  security: [{}, { jwt: [] }] as Array<Record<string, string[]>>,
};
const errores = { 400: badRequestSchema, 401: detailSchema, 404: detailSchema, 409: detailSchema, 429: detailSchema };

/**
 * The billing lookups, what the order will buy, and order placement (docs/producto.md §7). `now` is the clock that says which lots a
 * delivery without a date can still use, injectable for tests.
 */
export const ordenesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  guards: Guards;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
}> = async (app, { db, guards, mailer, publicUrl, now = () => new Date() }) => {
  app.get('/api/facturacion/rubros/', { schema: { tags: ['ordenes'], summary: 'Rubros de facturación', response: { 200: rubrosSchema } } }, () =>
    findRubros(db),
  );
  app.get('/api/empresas/metodos-pago/', { schema: { tags: ['ordenes'], summary: 'Métodos de pago', response: { 200: metodosPagoSchema } } }, () =>
    findMetodosPago(db),
  );

  app.get(
    '/api/facturacion/:id/resumen/',
    {
      onRequest: guards.identify,
      schema: {
        ...abierta,
        tags: ['ordenes'],
        summary: 'Lo que comprará la orden de esta cotización: líneas por proveedor, precios, total y entrega',
        params: idParams,
        querystring: resumenQuerySchema,
        response: { 200: resumenCompraSchema, ...errores },
      },
    },
    (request) => getResumenCompra(db, callerOf(request), request.params.id, request.query.cotizante_id, now()),
  );

  app.post(
    '/api/facturacion/crear-orden/',
    {
      // onRequest: a bad token is a 401 before the body is read.
      onRequest: guards.identify,
      // The stock it took: the buyer's next comparison already sees it.
      config: { cambiaCatalogo: true },
      schema: {
        ...abierta,
        tags: ['ordenes'],
        summary:
          'Crear la orden de compra de una cotización (201; 200 con la misma orden si ya se creó). Sin cuenta, 202: la orden espera la confirmación de su contacto por correo (30 minutos, a lo más 3 por correo y por IP: 429)',
        body: ordenSchema,
        response: { 200: ordenSchemaOut, 201: ordenSchemaOut, 202: ordenPorConfirmarSchema, ...errores },
      },
    },
    async (request, reply) => {
      const resultado = await placeOrden({ db, mailer, publicUrl }, callerOf(request), request.body, now(), request.ip);
      // docs/decisions/007, 'Órdenes sin cuenta': nothing bought yet.
      if ('por_confirmar' in resultado) return reply.status(202).send(resultado);
      const { creada, ...orden } = resultado;
      return reply.status(creada ? 201 : 200).send(orden);
    },
  );

  app.post(
    '/api/ordenes/confirmar/',
    {
      // A bad token is a 401, as on every endpoint; a good one changes nothing (the order stays without an account).
      onRequest: guards.identify,
      config: { cambiaCatalogo: true },
      schema: {
        tags: ['ordenes'],
        summary:
          'Confirmar una orden hecha sin cuenta con el token del correo «Confirma tu orden» (201; 200 con la misma orden si ya se confirmó; 404 enlace desconocido; 410 vencido)',
        description: 'Abierto: el token es la prueba. La orden queda sin cuenta aunque quien confirma haya iniciado sesión.',
        security: [{}, { jwt: [] }] as Array<Record<string, string[]>>,
        body: confirmarOrdenSchema,
        response: {
          200: ordenConfirmadaSchema,
          201: ordenConfirmadaSchema,
          400: badRequestSchema,
          401: detailSchema,
          404: detailSchema,
          409: detailSchema,
          410: detailSchema,
        },
      },
    },
    async (request, reply) => {
      const { creada, ...orden } = await confirmarOrden({ db, mailer, publicUrl }, request.body.token, now());
      return reply.status(creada ? 201 : 200).send(orden);
    },
  );
};
