import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailSchema } from '#common/schemas/http';
import { panelSchemaOut } from '#common/schemas/panel';
import type { Db } from '#server/db/client';
import { currentUser, type Guards } from '#server/modules/auth/authenticate';
import { getPanel } from './panel.service';

/** The calling supplier's panel (suppliers only; each reads its own). */
export const panelRoutes: FastifyPluginAsyncZod<{
  db: Db;
  guards: Guards;
  /** The clock of "today" and "the last 30 days"; tests pin it (the real one when absent). */
  now?: () => Date;
}> = async (app, { db, guards, now = () => new Date() }) => {
  app.get(
    '/api/proveedor/panel/',
    {
      onRequest: guards.requireRole('proveedor'),
      schema: {
        tags: ['panel'],
        security: [{ jwt: [] }],
        summary: 'Mi panel: lo pendiente de hoy, mi stock, mis ventas y las cotizaciones que perdí por precio',
        response: { 200: panelSchemaOut, 401: detailSchema, 403: detailSchema },
      },
    },
    (request) => getPanel(db, currentUser(request).id, now()),
  );
};
