import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buscarProductosQuerySchema,
  type ConsolidatedData,
  consolidatedDataSchema,
  productoEncontradoSchema,
  rangoPrecioSchema,
} from '#common/schemas/catalogo';
import { badRequestSchema } from '#common/schemas/http';
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

  // Public like the catalogue it searches: an anonymous buyer quotes too (docs/producto.md §16).
  app.get(
    '/api/productos/buscar/',
    {
      schema: {
        tags: ['catalogo'],
        summary: 'Buscar productos aprobados por nombre',
        querystring: buscarProductosQuerySchema,
        response: { 200: z.array(productoEncontradoSchema), 400: badRequestSchema },
      },
    },
    (request) => catalogo.buscar(request.query.q),
  );

  app.get(
    '/api/productos/rangosprecios/',
    { schema: { tags: ['catalogo'], summary: 'Rangos de precio por categoría', response: { 200: z.array(rangoPrecioSchema) } } },
    () => findRangosPrecios(db),
  );
};
