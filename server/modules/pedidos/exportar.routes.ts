import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { archivoExportar, type ExportarQuery, exportarQuerySchema } from '#common/schemas/pedidos';
import { z } from '#common/zod-es';
import { currentUser } from '#server/modules/auth/authenticate';
import { writeExportar } from './exportar.service';
import type { PedidosRoutesOptions } from './pedidos.routes';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// The 200 is the file's bytes, sent as they are (a Buffer is never serialized).
const respuestas = { 200: z.unknown().describe('El archivo .xlsx'), 400: badRequestSchema, 401: detailSchema, 403: detailSchema };

/** The file as a download: its type, and the name it is saved as. */
const adjunto = (de: 'pedidos' | 'ordenes', query: ExportarQuery) => ({
  'content-type': XLSX,
  'content-disposition': `attachment; filename="${archivoExportar(de, query)}"`,
  // Someone's sales and purchases: no shared cache keeps them.
  'cache-control': 'private, no-store',
});

/**
 * Exports (docs/decisions/026 §Exportar): GET /api/pedidos/exportar/ (the supplier's pedidos) and
 * GET /api/ordenes/exportar/ (the logged-in user's orders, each pedido of them), .xlsx for a range
 * of Chile days, both included, by the day each was placed. Each reads its caller's rows only.
 */
export const exportarRoutes: FastifyPluginAsyncZod<PedidosRoutesOptions> = async (app, { db, guards }) => {
  app.get(
    '/api/pedidos/exportar/',
    {
      onRequest: guards.requireRole('proveedor'),
      schema: {
        security: [{ jwt: [] }],
        tags: ['pedidos'],
        summary: 'Descargar en Excel los pedidos recibidos en un rango de días (hasta 366)',
        querystring: exportarQuerySchema,
        response: respuestas,
      },
    },
    async (request, reply) => {
      const archivo = await writeExportar(db, { proveedorId: currentUser(request).id }, request.query);
      return reply.headers(adjunto('pedidos', request.query)).send(archivo);
    },
  );

  app.get(
    '/api/ordenes/exportar/',
    {
      onRequest: guards.authenticate,
      schema: {
        security: [{ jwt: [] }],
        tags: ['pedidos'],
        summary: 'Descargar en Excel mis órdenes de compra de un rango de días (hasta 366), pedido por pedido',
        querystring: exportarQuerySchema,
        response: respuestas,
      },
    },
    async (request, reply) => {
      const archivo = await writeExportar(db, { compradorId: currentUser(request).id }, request.query);
      return reply.headers(adjunto('ordenes', request.query)).send(archivo);
    },
  );
};
