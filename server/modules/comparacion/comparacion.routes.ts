import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '../../../common/schemas/auth';
import { compararPreciosSchema, compararPreciosSchemaOut } from '../../../common/schemas/comparacion';
import { CLAVE_COTIZACION_HEADER } from '../../../common/schemas/cotizaciones';
import type { Db } from '../../db/client';
import type { Guards } from '../auth/authenticate';
import { llamanteDe } from '../cotizaciones/cotizaciones.routes';
import { compararPrecios } from './comparacion.service';
import type { ComparacionCache } from './comparacion-cache';

/**
 * The price comparison (SPEC §7 Catalogue and quotation), open to anonymous callers like the
 * request it compares (SPEC §6). `now` is the clock that gives "today" when no delivery date was
 * given, injectable for tests.
 */
export const comparacionRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards; comparacion: ComparacionCache; now?: () => Date }> = async (
  app,
  { db, guards, comparacion, now = () => new Date() },
) => {
  // onRequest: a bad token is a 401 before the body is read, as on the other quotation endpoints.
  app.addHook('onRequest', guards.identify);

  app.post(
    '/api/cotizaciones/comparar-precios/',
    {
      schema: {
        tags: ['cotizaciones'],
        summary: 'Comparar precios de una solicitud y guardar la cotización',
        description: `Anónimo o con \`Authorization: JWT <access>\`. Una solicitud anónima se compara enviando su clave en el encabezado \`${CLAVE_COTIZACION_HEADER}\`.`,
        security: [{}, { jwt: [] }],
        body: compararPreciosSchema,
        response: { 201: compararPreciosSchemaOut, 400: badRequestSchema, 401: detailSchema, 404: detailSchema },
      },
      // The answer is built from typed values (CompararPrecios, checked by the compiler; a test
      // checks it is exactly its schema): a zod pass over its ~1.500 options before sending cost
      // ~1 ms, 8 % of the 15 ms target (docs/decisions/006). The schema above still documents it in OpenAPI.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) => reply.status(201).send(await compararPrecios(db, comparacion, llamanteDe(request), request.body, now())),
  );
};
