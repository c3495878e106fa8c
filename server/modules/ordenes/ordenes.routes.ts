import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metodosPagoSchema, rubrosSchema } from '../../../common/schemas/ordenes';
import type { Db } from '../../db/client';
import { findMetodosPago, findRubros } from './ordenes.repository';

export const ordenesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/facturacion/rubros/', { schema: { tags: ['ordenes'], summary: 'Rubros de facturación', response: { 200: rubrosSchema } } }, () => findRubros(db));
  app.get('/api/empresas/metodos-pago/', { schema: { tags: ['ordenes'], summary: 'Métodos de pago', response: { 200: metodosPagoSchema } } }, () =>
    findMetodosPago(db),
  );
};
