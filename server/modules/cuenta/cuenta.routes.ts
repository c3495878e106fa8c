import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailSchema, badRequestSchema, usuarioMeSchema } from '../../../common/schemas/auth';
import { perfilSchema } from '../../../common/schemas/cuenta';
import type { Db } from '../../db/client';
import { currentUser, type Guards } from '../auth/authenticate';
import { toUsuarioMe } from '../auth/auth.service';
import { updatePerfil } from './cuenta.service';

export const cuentaRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  app.put(
    '/api/usuarios/usuarios/perfil/',
    {
      preHandler: guards.authenticate,
      schema: {
        tags: ['cuenta'],
        summary: 'Actualizar mis datos (nunca roles ni estado de la cuenta)',
        security: [{ jwt: [] }],
        body: perfilSchema,
        response: { 200: usuarioMeSchema, 400: badRequestSchema, 401: detailSchema },
      },
    },
    async (request) => toUsuarioMe(await updatePerfil(db, currentUser(request).id, request.body)),
  );
};
