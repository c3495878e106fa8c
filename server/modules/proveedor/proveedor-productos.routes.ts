import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { loteSchema, proveedorProductoEditSchema, proveedorProductoSchema, proveedorProductosSchema } from '#common/schemas/proveedor-productos';
import { loteNuevoSchema } from '#common/schemas/proveedor-lote';
import { z } from '#common/zod-es';
import type { Db } from '#server/db/client';
import { currentUser, type Guards } from '#server/modules/auth/authenticate';
import { idParams } from '#server/http/params';
import { idSchema } from '#common/numeros';
import { findProveedorProductos } from './proveedor-productos.repository';
import { createLote, deleteLoteProveedorProducto, deleteProveedorProducto, updateProveedorProducto } from './proveedor-productos.service';

const comun = { tags: ['proveedor'], security: [{ jwt: [] }] };
const loteParams = idParams.extend({ loteId: idSchema('Identificador inválido.') });
const errores = { 401: detailSchema, 403: detailSchema, 404: detailSchema };

/**
 * The supplier's own offers (docs/producto.md §7 Supplier catalogue): list, inline edit, delete (= archive),
 * and (ours) add one lot to an offer (docs/producto.md §17) or delete one.
 * Suppliers only; another supplier's offer answers 404, as a missing one. `now` says which day
 * an expiry must come after, injectable for tests. Each write changes what comparisons read (`cambiaCatalogo`).
 */
export const proveedorProductosRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards; now?: () => Date }> = async (
  app,
  { db, guards, now = () => new Date() },
) => {
  const onRequest = guards.requireRole('proveedor');

  app.get(
    '/api/productos/proveedoresproductos/',
    { onRequest, schema: { ...comun, summary: 'Mis productos: ofertas, rangos y lotes con stock', response: { 200: proveedorProductosSchema, ...errores } } },
    (request) => findProveedorProductos(db, currentUser(request).id),
  );

  app.patch(
    '/api/productos/proveedoresproductos/:id/',
    {
      onRequest,
      config: { cambiaCatalogo: true },
      schema: {
        ...comun,
        summary: 'Editar el precio, los rangos y un lote de una oferta propia',
        params: idParams,
        body: proveedorProductoEditSchema,
        response: { 200: proveedorProductoSchema, 400: badRequestSchema, ...errores },
      },
    },
    (request) => updateProveedorProducto(db, currentUser(request).id, request.params.id, request.body, now()),
  );

  app.delete(
    '/api/productos/proveedoresproductos/:id/',
    {
      onRequest,
      config: { cambiaCatalogo: true },
      schema: { ...comun, summary: 'Eliminar (archivar) una oferta propia', params: idParams, response: { 204: z.null(), 400: badRequestSchema, ...errores } },
    },
    async (request, reply) => {
      await deleteProveedorProducto(db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/productos/proveedoresproductos/:id/lotes/',
    {
      onRequest,
      config: { cambiaCatalogo: true },
      schema: {
        ...comun,
        summary: 'Agregar un lote (cantidad y vencimiento) a una oferta propia; a la misma fecha se suma al lote que ya está',
        params: idParams,
        body: loteNuevoSchema,
        response: { 201: loteSchema, 400: badRequestSchema, ...errores },
      },
    },
    async (request, reply) => {
      const creado = await createLote(db, currentUser(request).id, request.params.id, request.body, now());
      return reply.status(201).send(creado);
    },
  );

  app.delete(
    '/api/productos/proveedoresproductos/:id/lotes/:loteId/',
    {
      onRequest,
      config: { cambiaCatalogo: true },
      schema: {
        ...comun,
        summary: 'Eliminar un lote de una oferta propia (la oferta y sus otros lotes quedan)',
        params: loteParams,
        response: { 204: z.null(), 400: badRequestSchema, ...errores },
      },
    },
    async (request, reply) => {
      await deleteLoteProveedorProducto(db, currentUser(request).id, request.params.id, request.params.loteId);
      return reply.status(204).send(null);
    },
  );
};
