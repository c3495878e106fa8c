import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { empresaSchema, empresaSchemaOut } from '#common/schemas/empresa';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import type { Db } from '#server/db/client';
import { currentUser, type Guards } from '#server/modules/auth/authenticate';
import { getEmpresa, saveEmpresa } from './empresa.service';

const comun = { tags: ['empresa'], security: [{ jwt: [] }] };
const errores = { 401: detailSchema, 403: detailSchema };

/** The calling supplier's own company (suppliers only; nobody reads or writes another's). */
export const empresaRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  // onRequest: an anonymous or non-supplier write is refused before its body is read.
  const onRequest = guards.requireRole('proveedor');

  app.get(
    '/api/proveedor/empresa/',
    { onRequest, schema: { ...comun, summary: 'Los datos de mi empresa', response: { 200: empresaSchemaOut, ...errores } } },
    (request) => getEmpresa(db, currentUser(request).id),
  );

  app.put(
    '/api/proveedor/empresa/',
    {
      onRequest,
      // The name buyers see and whether the offers are compared live in the comparison's cache
      // (migration 0020's triggers notify the supplier's products).
      config: { cambiaCatalogo: true },
      schema: {
        ...comun,
        summary: 'Guardar los datos de mi empresa',
        body: empresaSchema,
        response: { 200: empresaSchemaOut, 400: badRequestSchema, ...errores },
      },
    },
    (request) => saveEmpresa(db, currentUser(request).id, request.body),
  );
};
