import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { condicionesSchema, condicionesSchemaOut } from '#common/schemas/condiciones';
import type { Db } from '#server/db/client';
import { currentUser, type Guards } from '#server/modules/auth/authenticate';
import { getCondiciones, saveCondiciones } from './condiciones.service';

const comun = { tags: ['condiciones'], security: [{ jwt: [] }] };
const errores = { 401: detailSchema, 403: detailSchema };

/** The calling supplier's own delivery terms (suppliers only; nobody reads or writes another's). */
export const condicionesRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  // onRequest: an anonymous or non-supplier write is refused before its body is read.
  const onRequest = guards.requireRole('proveedor');

  app.get(
    '/api/proveedor/condiciones/',
    { onRequest, schema: { ...comun, summary: 'Mis condiciones de despacho', response: { 200: condicionesSchemaOut, ...errores } } },
    (request) => getCondiciones(db, currentUser(request).id),
  );

  app.put(
    '/api/proveedor/condiciones/',
    {
      onRequest,
      // The supplier's own next comparison sees the change (migration 0013's triggers notify its products).
      config: { cambiaCatalogo: true },
      schema: {
        ...comun,
        summary: 'Guardar mis condiciones de despacho',
        body: condicionesSchema,
        response: { 200: condicionesSchemaOut, 400: badRequestSchema, ...errores },
      },
    },
    (request) => saveCondiciones(db, currentUser(request).id, request.body),
  );
};
