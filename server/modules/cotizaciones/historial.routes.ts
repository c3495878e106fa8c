import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { historialPageSchema } from '#common/schemas/historial';
import { ordenesQuerySchema } from '#common/schemas/pedidos';
import type { Db } from '#server/db/client';
import { idParams } from '#server/http/params';
import { currentUser, type Guards } from '#server/modules/auth/authenticate';
import { z } from '#common/zod-es';
import { listHistorial, removeDelHistorial } from './historial.service';

const conSesion = { security: [{ jwt: [] }] };
const errores = { 400: badRequestSchema, 401: detailSchema, 404: detailSchema };

/**
 * The account's quotation history on the server, the same on every device it logs in from
 * (docs/producto.md §16, docs/decisions/022). Any logged-in account reads its own; another
 * account's quotation does not exist for it (404).
 */
export const historialRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  app.get(
    '/api/cotizaciones/historial/',
    {
      onRequest: guards.authenticate,
      schema: {
        ...conSesion,
        tags: ['cotizaciones'],
        summary: 'Mi historial de cotizaciones, de la más nueva a la más antigua (20 por página), con los productos de cada una',
        querystring: ordenesQuerySchema,
        response: { 200: historialPageSchema, ...errores },
      },
    },
    (request) => listHistorial(db, currentUser(request).id, request.query.page),
  );

  app.delete(
    '/api/cotizaciones/historial/:id/',
    {
      onRequest: guards.authenticate,
      schema: {
        ...conSesion,
        tags: ['cotizaciones'],
        summary: 'Eliminar una cotización de mi historial (la cotización y su orden se conservan)',
        params: idParams,
        response: { 204: z.null(), ...errores },
      },
    },
    async (request, reply) => {
      await removeDelHistorial(db, currentUser(request).id, request.params.id, new Date());
      return reply.status(204).send(null);
    },
  );
};
