import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { direccionSchema, direccionSchemaOut } from '#common/schemas/direcciones';
import { z } from '#common/zod-es';
import type { Db } from '#server/db/client';
import { notFound } from '#server/errors';
import { currentUser, type Guards } from '#server/modules/auth/authenticate';
import { findDireccionActiva, findDirecciones } from './direcciones.repository';
import { activateDireccion, addDireccion, deleteDireccion, updateDireccion } from './direcciones.service';
import { idSchema } from '#common/numeros';

// docs/producto.md §5 Addresses: 'Direccion inválida: falta el ID', with its accent (docs/decisions/017).
const idParams = z.object({ id: idSchema('Dirección inválida: falta el ID') });
const common = { tags: ['direcciones'], security: [{ jwt: [] }] };
const errores = { 400: badRequestSchema, 401: detailSchema, 404: detailSchema };

/** A user's saved addresses (table direccion; docs/producto.md §7 calls the id cotizante_id): every call is the owner's only (others get 404). */
export const direccionesRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  // onRequest, not preHandler: an anonymous write gets 401 before its body is validated.
  app.addHook('onRequest', guards.authenticate);
  const uid = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    '/api/cotizaciones/direccion/obtener/',
    { schema: { ...common, summary: 'Mis direcciones', response: { 200: z.array(direccionSchemaOut), ...errores } } },
    (request) => findDirecciones(db, uid(request)),
  );

  app.get(
    '/api/cotizaciones/direccion/activa/',
    { schema: { ...common, summary: 'Mi dirección activa', response: { 200: direccionSchemaOut, ...errores } } },
    async (request) => {
      const activa = await findDireccionActiva(db, uid(request));
      if (!activa) throw notFound('No tienes una dirección activa.');
      return activa;
    },
  );

  app.post(
    '/api/cotizaciones/direccion/agregar/',
    { schema: { ...common, summary: 'Agregar una dirección', body: direccionSchema, response: { 201: direccionSchemaOut, ...errores } } },
    async (request, reply) => reply.status(201).send(await addDireccion(db, uid(request), request.body)),
  );

  app.put(
    '/api/cotizaciones/direccion/:id/editar/',
    { schema: { ...common, summary: 'Editar una dirección', params: idParams, body: direccionSchema, response: { 200: direccionSchemaOut, ...errores } } },
    (request) => updateDireccion(db, uid(request), request.params.id, request.body),
  );

  app.delete(
    '/api/cotizaciones/direccion/:id/eliminar/',
    { schema: { ...common, summary: 'Eliminar una dirección', params: idParams, response: { 204: z.null(), ...errores } } },
    async (request, reply) => {
      await deleteDireccion(db, uid(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/cotizaciones/direccion/:id/activar/',
    { schema: { ...common, summary: 'Activar una dirección', params: idParams, response: { 200: z.array(direccionSchemaOut), ...errores } } },
    (request) => activateDireccion(db, uid(request), request.params.id),
  );
};
