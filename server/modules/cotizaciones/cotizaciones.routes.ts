import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { CLAVE_COTIZACION_HEADER, cotizanteSchema, cotizanteSchemaOut, solicitudSchema, solicitudSchemaOut } from '#common/schemas/cotizaciones';
import type { Db } from '#server/db/client';
import { idParams } from '#server/http/params';
import type { Guards } from '#server/modules/auth/authenticate';
import { callerOf } from '#server/http/caller';
import { createCotizante, createSolicitud, updateCotizante, updateSolicitud } from './cotizaciones.service';

const common = {
  tags: ['cotizaciones'],
  description: `Anónimo o con \`Authorization: JWT <access>\`. Un registro anónimo se edita enviando su clave en el encabezado \`${CLAVE_COTIZACION_HEADER}\`.`,
  security: [{}, { jwt: [] }] as Array<Record<string, string[]>>,
};
const errores = { 400: badRequestSchema, 401: detailSchema, 404: detailSchema };

/**
 * The quotation request and its delivery record (docs/producto.md §7 Catalogue and quotation), open to
 * anonymous callers (docs/producto.md §6). `now` is the clock of the same-day noon rule, injectable for tests.
 */
export const cotizacionesRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards; now?: () => Date }> = async (app, { db, guards, now = () => new Date() }) => {
  // onRequest: a bad token is a 401 before the body is read, as on the guarded modules.
  app.addHook('onRequest', guards.identify);

  app.post(
    '/api/cotizaciones/crear-solicitud/',
    { schema: { ...common, summary: 'Crear una solicitud de cotización', body: solicitudSchema, response: { 201: solicitudSchemaOut, ...errores } } },
    async (request, reply) => reply.status(201).send(await createSolicitud(db, callerOf(request), request.body)),
  );

  app.put(
    '/api/cotizaciones/editar-solicitud/:id/',
    {
      schema: {
        ...common,
        summary: 'Editar una solicitud (reemplaza sus productos)',
        params: idParams,
        body: solicitudSchema,
        response: { 200: solicitudSchemaOut, ...errores },
      },
    },
    (request) => updateSolicitud(db, callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/cotizaciones/crear-cotizante/',
    {
      schema: {
        ...common,
        summary: 'Registrar los datos de entrega de una solicitud',
        body: cotizanteSchema,
        response: { 201: cotizanteSchemaOut, ...errores },
      },
    },
    async (request, reply) => reply.status(201).send(await createCotizante(db, callerOf(request), request.body, now())),
  );

  app.put(
    '/api/cotizaciones/editar-cotizante/:id/',
    {
      schema: { ...common, summary: 'Editar los datos de entrega', params: idParams, body: cotizanteSchema, response: { 200: cotizanteSchemaOut, ...errores } },
    },
    (request) => updateCotizante(db, callerOf(request), request.params.id, request.body, now()),
  );
};
