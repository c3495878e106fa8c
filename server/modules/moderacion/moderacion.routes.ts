import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import {
  moderacionSchemaOut,
  moderarProductoSchema,
  productoAReenviarSchema,
  productosPendientesSchema,
  reenviarProductoSchema,
} from '#common/schemas/moderacion';
import { proveedorProductoSchema } from '#common/schemas/proveedor-productos';
import type { Db } from '#server/db/client';
import { idParams } from '#server/http/params';
import type { Mailer } from '#server/mail/mailer';
import { currentUser, type Guards } from '#server/modules/auth/authenticate';
import type { CatalogoCache } from '#server/modules/catalogo/catalogo-cache';
import { createParecidos, getProductoAReenviar, listPendientes, moderarProducto, reenviarProducto } from './moderacion.service';

const comun = { tags: ['moderacion'], security: [{ jwt: [] }] };
const errores = { 401: detailSchema, 403: detailSchema };

/**
 * docs/producto.md §7 Moderation: moderators only (docs/producto.md §6); buyers and suppliers get 403.
 * And (ours, docs/decisions/009) the supplier's way back from a rejection: suppliers only, its own offers.
 */
export const moderacionRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards; catalogo: CatalogoCache; mailer: Mailer; publicUrl: string }> = async (
  app,
  { db, guards, catalogo, mailer, publicUrl },
) => {
  const onRequest = guards.requireRole('moderador');
  const parecidos = createParecidos(catalogo);

  app.get(
    '/api/productos/productos-pendientes/',
    {
      onRequest,
      schema: {
        ...comun,
        summary: 'Productos pendientes de moderación, completos y con sus parecidos del catálogo',
        response: { 200: productosPendientesSchema, ...errores },
      },
    },
    () => listPendientes(db, parecidos),
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
        summary: 'Aprobar o rechazar un producto (idempotente; `motivo` opcional al rechazar); avisa al proveedor por correo',
        body: moderarProductoSchema,
        response: { 200: moderacionSchemaOut, 400: badRequestSchema, 404: detailSchema, ...errores },
      },
    },
    (request) => moderarProducto({ db, catalogo, mailer, publicUrl }, currentUser(request).id, request.body),
  );

  const delProveedor = guards.requireRole('proveedor');
  const reenviar = '/api/productos/proveedoresproductos/:id/reenviar/';
  const respuestas = { 400: badRequestSchema, 404: detailSchema, ...errores };

  app.get(
    reenviar,
    {
      onRequest: delProveedor,
      schema: {
        ...comun,
        summary: 'Los datos de un producto propio rechazado, para corregirlo',
        params: idParams,
        response: { 200: productoAReenviarSchema, ...respuestas },
      },
    },
    (request) => getProductoAReenviar(db, currentUser(request).id, request.params.id),
  );

  // No cambiaCatalogo: a rejected product and a pending one are both outside the catalogue and comparisons.
  app.post(
    reenviar,
    {
      onRequest: delProveedor,
      schema: {
        ...comun,
        summary: 'Corregir un producto propio rechazado y enviarlo de nuevo a moderación',
        params: idParams,
        body: reenviarProductoSchema,
        response: { 200: proveedorProductoSchema, ...respuestas },
      },
    },
    (request) => reenviarProducto(db, currentUser(request).id, request.params.id, request.body),
  );
};
