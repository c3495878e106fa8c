import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { moderacionSchemaOut, moderarProductoSchema, productosPendientesSchema } from '#common/schemas/moderacion';
import type { Db } from '#server/db/client';
import { currentUser, type Guards } from '#server/modules/auth/authenticate';
import type { CatalogoCache } from '#server/modules/catalogo/catalogo-cache';
import type { ComparacionCache } from '#server/modules/comparacion/cache/comparacion-cache';
import { findProductosPendientes } from './moderacion.repository';
import { moderarProducto } from './moderacion.service';

const comun = { tags: ['moderacion'], security: [{ jwt: [] }] };
const errores = { 401: detailSchema, 403: detailSchema };

/** docs/producto.md §7 Moderation: moderators only (docs/producto.md §6); buyers and suppliers get 403. */
export const moderacionRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards; catalogo: CatalogoCache; comparacion: ComparacionCache }> = async (
  app,
  { db, guards, catalogo, comparacion },
) => {
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
      schema: {
        ...comun,
        summary: 'Aprobar o rechazar un producto (idempotente; `motivo` opcional al rechazar)',
        body: moderarProductoSchema,
        response: { 200: moderacionSchemaOut, 400: badRequestSchema, 404: detailSchema, ...errores },
      },
    },
    async (request) => {
      const { moderacion, cambio } = await moderarProducto(db, currentUser(request).id, request.body);
      // The quotation pickers and comparisons read cached copies: an approval shows there at once,
      // a change away from it leaves at once.
      if (cambio) {
        catalogo.invalidate();
        await comparacion.sync();
      }
      return moderacion;
    },
  );
};
