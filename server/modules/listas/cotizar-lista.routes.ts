import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idSchema } from '#common/numeros';
import { compararPreciosSchemaOut } from '#common/schemas/comparacion';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { cotizarListaSchema, listaCotizadaSchemaOut } from '#common/schemas/listas';
import type { Db } from '#server/db/client';
import { idParams } from '#server/http/params';
import { sendJsonEscrito } from '#server/http/json-escrito';
import { currentUser, type Guards } from '#server/modules/auth/authenticate';
import type { ComparacionCache } from '#server/modules/comparacion/cache/comparacion-cache';
import type { CanastaThread } from '#server/modules/comparacion/canasta/thread';
import { cotizarLista, findListaCotizada } from './cotizar-lista.service';

const cotizacionParams = idParams.extend({ cotizacion_id: idSchema('Identificador inválido.') });

/**
 * A list quoted in one call, and what a reminder prepared (docs/producto.md §16,
 * docs/decisions/021-recordatorios.md): the list's buyer only. `now` is the clock of the delivery
 * day's rules, injectable for tests.
 */
export const cotizarListaRoutes: FastifyPluginAsyncZod<{
  db: Db;
  guards: Guards;
  comparacion: ComparacionCache;
  canasta: CanastaThread;
  now?: () => Date;
}> = async (app, { db, guards, comparacion, canasta, now = () => new Date() }) => {
  const comprador = guards.requireRole('comprador');

  app.post(
    '/api/listas/:id/cotizar/',
    {
      onRequest: comprador,
      schema: {
        tags: ['listas'],
        summary: 'Cotizar una lista en una llamada (solicitud, datos de entrega de la dirección principal y comparación)',
        description:
          'Responde lo mismo que comparar-precios. Sin `fecha_entrega`, el primer día en que despachan todos los proveedores elegidos. Los productos que ya no se venden vuelven en `productos_no_identificados`.',
        security: [{ jwt: [] }],
        params: idParams,
        body: cotizarListaSchema,
        response: { 201: compararPreciosSchemaOut, 400: badRequestSchema, 401: detailSchema, 403: detailSchema, 404: detailSchema },
      },
    },
    async (request, reply) =>
      sendJsonEscrito(
        reply,
        await cotizarLista({ db, cache: comparacion, solver: canasta }, currentUser(request).id, request.params.id, request.body, now()),
        201,
      ),
  );

  app.get(
    '/api/listas/:id/cotizaciones/:cotizacion_id/',
    {
      onRequest: comprador,
      schema: {
        tags: ['listas'],
        summary: 'La cotización que preparó un recordatorio de la lista (la abre el enlace del correo)',
        security: [{ jwt: [] }],
        params: cotizacionParams,
        response: { 200: listaCotizadaSchemaOut, 401: detailSchema, 403: detailSchema, 404: detailSchema },
      },
    },
    async (request, reply) => sendJsonEscrito(reply, await findListaCotizada(db, currentUser(request).id, request.params.id, request.params.cotizacion_id)),
  );
};
