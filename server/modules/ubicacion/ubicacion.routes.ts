import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { comunasQuerySchema, comunasSchema, regionesSchema } from '#common/schemas/ubicacion';
import type { Db } from '#server/db/client';
import { notFound } from '#server/errors';
import { existsRegion, findComunas, findRegiones } from './ubicacion.repository';

export const ubicacionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/ubicacion/regiones/',
    { schema: { tags: ['ubicacion'], summary: 'Las 16 regiones de Chile, de norte a sur', response: { 200: regionesSchema } } },
    () => findRegiones(db),
  );

  app.get(
    '/api/ubicacion/comunas/',
    { schema: { tags: ['ubicacion'], summary: 'Comunas de una región', querystring: comunasQuerySchema, response: { 200: comunasSchema } } },
    async (request) => {
      const comunas = await findComunas(db, request.query.region);
      if (comunas.length === 0 && !(await existsRegion(db, request.query.region))) throw notFound('Región no encontrada.');
      return comunas;
    },
  );
};
