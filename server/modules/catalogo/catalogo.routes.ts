import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ConsolidatedData, consolidatedDataSchema, rangoPrecioSchema } from '#common/schemas/catalogo';
import { z } from '#common/zod-es';
import type { Db } from '#server/db/client';
import type { CatalogoCache } from './catalogo-cache';
import { findRangosPrecios } from './catalogo.repository';

export const catalogoRoutes: FastifyPluginAsyncZod<{ db: Db; catalogo: CatalogoCache }> = async (app, { db, catalogo }) => {
  app.get(
    '/api/productos/consolidated-data/',
    { schema: { tags: ['catalogo'], summary: 'Categorías y productos aprobados', response: { 200: consolidatedDataSchema, 304: z.void() } } },
    async (request, reply) => {
      const { body, etag } = await catalogo.get();
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      // Already serialised once for every request: the raw string skips the per-request serializer.
      return reply
        .type('application/json')
        .serializer((payload) => payload as string)
        .send(body as unknown as ConsolidatedData);
    },
  );

  app.get(
    '/api/productos/rangosprecios/',
    { schema: { tags: ['catalogo'], summary: 'Rangos de precio por categoría', response: { 200: z.array(rangoPrecioSchema) } } },
    () => findRangosPrecios(db),
  );
};
