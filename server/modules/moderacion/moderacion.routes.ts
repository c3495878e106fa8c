import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { moderacionSchemaOut, moderarProductoSchema, productosPendientesSchema } from '#common/schemas/moderacion';
import type { Db } from '#server/db/client';
import { currentUser, type Guards } from '#server/modules/auth/authenticate';
import { findProductosPendientes } from './moderacion.repository';
import { moderarProducto } from './moderacion.service';

const comun = { tags: ['moderacion'], security: [{ jwt: [] }] };
const errores = { 401: detailSchema, 403: detailSchema };

/** docs/producto.md §7 Moderation: moderators only (docs/producto.md §6); buyers and suppliers get 403. */
export const moderacionRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  const onRequest = guards.requireRole('moderador');

  app.get(
    '/api/productos/productos-pendientes/',
    { onRequest, schema: { ...comun, summary: 'Productos pendientes de moderación', response: { 200: productosPendientesSchema, ...errores } } },
    () => findProductosPendientes(db),
  );

  app.post(
    '/api/productos/moderar-producto/',
    {
      onRequest,
      // The quotation pickers and comparisons read cached copies: an approval shows there at once,
      // a change away from it leaves at once.
      config: { cambiaCatalogo: true },
      schema: {
        ...comun,
        summary: 'Aprobar o rechazar un producto (idempotente; `motivo` opcional al rechazar)',
        body: moderarProductoSchema,
        response: { 200: moderacionSchemaOut, 400: badRequestSchema, 404: detailSchema, ...errores },
      },
    },
    (request) => moderarProducto(db, currentUser(request).id, request.body),
  );
};
