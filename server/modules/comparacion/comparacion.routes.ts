import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { actualizarCotizacionSchema, actualizarCotizacionSchemaOut, compararPreciosSchema, compararPreciosSchemaOut } from '#common/schemas/comparacion';
import { CLAVE_COTIZACION_HEADER } from '#common/schemas/cotizaciones';
import { diasEntregaQuerySchema, diasEntregaSchemaOut } from '#common/schemas/dias-entrega';
import type { Db } from '#server/db/client';
import type { Guards } from '#server/modules/auth/authenticate';
import { callerOf } from '#server/http/caller';
import { ipConcurrencyCap } from '#server/http/ip-concurrency';
import { idParams } from '#server/http/params';
import { sendJsonEscrito } from '#server/http/json-escrito';
import { compararPrecios, updateSeleccion } from './comparacion.service';
import { diasEntrega } from './dias-entrega';
import type { ComparacionCache } from './cache/comparacion-cache';
import type { CanastaThread } from './canasta/thread';

/** Comparisons one address may have in flight in this process: a few tabs, a team behind one NAT (docs/decisions/012). */
export const MAX_COMPARACIONES_POR_IP = 4;
export const COMPARACIONES_EN_CURSO = 'Hay demasiadas comparaciones en curso desde tu conexión. Espera a que terminen e intenta de nuevo.';

/**
 * The price comparison and the buyer's final choice on its results (docs/producto.md §7 Catalogue and
 * quotation), open to anonymous callers like the request they come from (docs/producto.md §6). `now` is the
 * clock that gives "today" when no delivery date was given, injectable for tests.
 */
export const comparacionRoutes: FastifyPluginAsyncZod<{
  db: Db;
  guards: Guards;
  comparacion: ComparacionCache;
  /** The solver's thread (the process's one, canasta/thread.ts). */
  canasta: CanastaThread;
  now?: () => Date;
}> = async (app, { db, guards, comparacion, canasta, now = () => new Date() }) => {
  // onRequest: a bad token is a 401 before the body is read, as on the other quotation endpoints.
  app.addHook('onRequest', guards.identify);
  // An anonymous flood from one address must not slow everyone else's comparison (docs/decisions/012).
  const porIp = ipConcurrencyCap({ max: MAX_COMPARACIONES_POR_IP, detail: COMPARACIONES_EN_CURSO, retryAfterS: 1 });

  app.post(
    '/api/cotizaciones/comparar-precios/',
    {
      onRequest: porIp.onRequest,
      schema: {
        tags: ['cotizaciones'],
        summary: 'Comparar precios de una solicitud y guardar la cotización',
        description: `Anónimo o con \`Authorization: JWT <access>\`. Una solicitud anónima se compara enviando su clave en el encabezado \`${CLAVE_COTIZACION_HEADER}\`.`,
        security: [{}, { jwt: [] }],
        body: compararPreciosSchema,
        response: { 201: compararPreciosSchemaOut, 400: badRequestSchema, 401: detailSchema, 404: detailSchema, 429: detailSchema },
      },
    },
    // The service writes CompararPrecios as JSON bytes itself, from typed values the compiler checks.
    async (request, reply) =>
      sendJsonEscrito(reply, await compararPrecios({ db, cache: comparacion, solver: canasta }, callerOf(request), request.body, now()), 201),
  );

  app.put(
    '/api/cotizaciones/:id/actualizar/',
    {
      schema: {
        description: `Anónimo o con \`Authorization: JWT <access>\`. Una cotización anónima se usa enviando su clave en el encabezado \`${CLAVE_COTIZACION_HEADER}\`.`,
        security: [{}, { jwt: [] }],
        tags: ['cotizaciones'],
        summary: 'Guardar la elección final de una cotización (el servidor calcula los precios)',
        params: idParams,
        body: actualizarCotizacionSchema,
        response: { 200: actualizarCotizacionSchemaOut, 400: badRequestSchema, 401: detailSchema, 404: detailSchema, 409: detailSchema },
      },
    },
    (request) => updateSeleccion(db, callerOf(request), request.params.id, request.body, now()),
  );

  app.get(
    '/api/cotizaciones/solicitud/:id/dias-entrega/',
    {
      schema: {
        description: `Anónimo o con \`Authorization: JWT <access>\`. Una solicitud anónima se consulta enviando su clave en el encabezado \`${CLAVE_COTIZACION_HEADER}\`.`,
        security: [{}, { jwt: [] }],
        tags: ['cotizaciones'],
        summary: 'Cuántos proveedores de los productos de una solicitud despachan a una comuna cada uno de los próximos 14 días',
        params: idParams,
        querystring: diasEntregaQuerySchema,
        response: { 200: diasEntregaSchemaOut, 400: badRequestSchema, 401: detailSchema, 404: detailSchema },
      },
    },
    (request) => diasEntrega({ db, cache: comparacion }, callerOf(request), request.params.id, request.query.comuna, now()),
  );
};
