import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { listaSchema, listaSchemaOut, listasSchemaOut } from '#common/schemas/listas';
import { z } from '#common/zod-es';
import type { Db } from '#server/db/client';
import { idParams } from '#server/http/params';
import { currentUser, type Guards } from '#server/modules/auth/authenticate';
import { findListas } from './listas.repository';
import { createLista, deleteLista, getLista, updateLista } from './listas.service';

const common = { tags: ['listas'], security: [{ jwt: [] }] };
const errores = { 400: badRequestSchema, 401: detailSchema, 403: detailSchema, 404: detailSchema };

/** A buyer's lists ('Mis listas', docs/producto.md §16): buyers only, each list its owner's only (another account's is a 404). */
export const listasRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  // onRequest, not preHandler: an anonymous or supplier's write gets 401/403 before its body is validated.
  app.addHook('onRequest', guards.requireRole('comprador'));
  const uid = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get('/api/listas/', { schema: { ...common, summary: 'Mis listas, la más nueva primero', response: { 200: listasSchemaOut, ...errores } } }, (request) =>
    findListas(db, uid(request)),
  );

  app.post(
    '/api/listas/',
    { schema: { ...common, summary: 'Crear una lista', body: listaSchema, response: { 201: listaSchemaOut, ...errores } } },
    async (request, reply) => reply.status(201).send(await createLista(db, uid(request), request.body)),
  );

  app.get('/api/listas/:id/', { schema: { ...common, summary: 'Una lista', params: idParams, response: { 200: listaSchemaOut, ...errores } } }, (request) =>
    getLista(db, uid(request), request.params.id),
  );

  app.put(
    '/api/listas/:id/',
    {
      schema: {
        ...common,
        summary: 'Reemplazar el nombre, los productos y el recordatorio de una lista',
        params: idParams,
        body: listaSchema,
        response: { 200: listaSchemaOut, ...errores },
      },
    },
    (request) => updateLista(db, uid(request), request.params.id, request.body),
  );

  app.delete(
    '/api/listas/:id/',
    { schema: { ...common, summary: 'Eliminar una lista', params: idParams, response: { 204: z.null(), ...errores } } },
    async (request, reply) => {
      await deleteLista(db, uid(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
