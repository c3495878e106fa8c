import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailSchema, loginSchema, refreshSchema, tokensSchema, usuarioMeSchema, verifySchema } from '../../../common/schemas/auth';
import { z } from '../../../common/zod-es';
import type { Db } from '../../db/client';
import { currentUser, type Guards } from './authenticate';
import { login, refreshAccess, toUsuarioMe, verifyToken } from './auth.service';
import type { Jwt } from './jwt';

export const authRoutes: FastifyPluginAsyncZod<{ db: Db; jwt: Jwt; guards: Guards }> = async (app, { db, jwt, guards }) => {
  app.post(
    '/auth/jwt/create/',
    { schema: { tags: ['auth'], summary: 'Iniciar sesión', body: loginSchema, response: { 200: tokensSchema, 401: detailSchema } } },
    (request) => login(db, jwt, request.body.email, request.body.password),
  );

  app.post(
    '/auth/jwt/refresh/',
    { schema: { tags: ['auth'], summary: 'Renovar el token de acceso', body: refreshSchema, response: { 200: z.object({ access: z.string() }), 401: detailSchema } } },
    (request) => refreshAccess(db, jwt, request.body.refresh),
  );

  app.post(
    '/auth/jwt/verify/',
    { schema: { tags: ['auth'], summary: 'Verificar un token', body: verifySchema, response: { 200: z.object({}), 401: detailSchema } } },
    async (request) => {
      await verifyToken(db, jwt, request.body.token);
      return {};
    },
  );

  app.get(
    '/auth/users/me/',
    { preHandler: guards.authenticate, schema: { tags: ['auth'], summary: 'Mi perfil', security: [{ jwt: [] }], response: { 200: usuarioMeSchema, 401: detailSchema } } },
    async (request) => toUsuarioMe(currentUser(request)),
  );
};
