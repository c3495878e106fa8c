import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activationDatosSchema,
  activationSchema,
  emailOnlySchema,
  loginSchema,
  refreshSchema,
  resetConfirmSchema,
  setPasswordSchema,
  signupResponseSchema,
  signupSchema,
  tokensSchema,
  uidTokenSchema,
  usuarioMeSchema,
  verifySchema,
} from '#common/schemas/auth';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { z } from '#common/zod-es';
import type { Db } from '#server/db/client';
import type { Mailer } from '#server/mail/mailer';
import { activate, activationDatos, confirmPasswordReset, login, refreshAccess, register, requestAccountEmail, setPassword, toUsuarioMe } from './auth.service';
import type { AfterReply } from './enlaces/after-reply';
import { currentUser, type Guards } from './authenticate';
import type { Jwt } from './sesion/jwt';

const noContent = { 204: z.null().describe('Sin contenido'), 400: badRequestSchema };
const throttled = { ...noContent, 429: detailSchema };

/** Djoser + SimpleJWT paths and answers (docs/decisions/003), with where ours differs. */
export const authRoutes: FastifyPluginAsyncZod<{ db: Db; jwt: Jwt; guards: Guards; mailer: Mailer; publicUrl: string; afterReply: AfterReply }> = async (
  app,
  { db, jwt, guards, mailer, publicUrl, afterReply },
) => {
  const deps = { db, mailer, publicUrl, afterReply };
  // Work left for after a reply (e-mails of resend_activation and reset_password) ends before the database closes.
  app.addHook('onClose', afterReply.idle);

  app.post(
    '/auth/users/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Registrarse como comprador o proveedor',
        body: signupSchema,
        response: { 201: signupResponseSchema, 400: badRequestSchema, 429: detailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await register(deps, request.body, request.ip)),
  );

  app.post(
    '/auth/users/activation/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Activar la cuenta',
        description:
          'Con la clave_activacion del registro, la cuenta queda con la contraseña de ese registro; sin ella, hay que enviar new_password y re_new_password (400 en new_password si faltan, y el enlace sigue sin usar). first_name, last_name, is_comprador e is_proveedor, opcionales y con las reglas del registro, reemplazan lo que dijo el registro.',
        body: activationSchema,
        response: { ...noContent, 403: detailSchema },
      },
    },
    async (request, reply) => {
      await activate(deps, request.body);
      await guards.syncSesiones();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/users/activation/datos/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ver los datos con que el enlace activará la cuenta',
        description:
          'El correo de la cuenta y el nombre, apellido y rol que pidió su registro, para que la página de activación los muestre editables. No usa el enlace; uno inválido, usado o vencido responde como la activación.',
        body: uidTokenSchema,
        response: { 200: activationDatosSchema, 400: badRequestSchema, 403: detailSchema },
      },
    },
    (request) => activationDatos(deps, request.body.uid, request.body.token),
  );

  app.post(
    '/auth/users/resend_activation/',
    { schema: { tags: ['auth'], summary: 'Reenviar el correo de activación', body: emailOnlySchema, response: throttled } },
    async (request, reply) => {
      await requestAccountEmail(deps, 'activacion', request.body.email, request.ip, request.log);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/users/reset_password/',
    { schema: { tags: ['auth'], summary: 'Pedir un enlace para restablecer la contraseña', body: emailOnlySchema, response: throttled } },
    async (request, reply) => {
      await requestAccountEmail(deps, 'reset', request.body.email, request.ip, request.log);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/users/reset_password_confirm/',
    { schema: { tags: ['auth'], summary: 'Elegir una nueva contraseña', body: resetConfirmSchema, response: noContent } },
    async (request, reply) => {
      await confirmPasswordReset(deps, request.body);
      // The old tokens, a thief's among them, must fail on every process from this answer on.
      await guards.syncSesiones();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/users/set_password/',
    {
      onRequest: guards.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Cambiar mi contraseña',
        description:
          'Con la contraseña actual (400 en current_password si no es; cuenta como un intento de login fallido). Cierra todas las sesiones, también la que llama: el cliente vuelve a pedir tokens con la nueva contraseña.',
        security: [{ jwt: [] }],
        body: setPasswordSchema,
        response: { ...noContent, 401: detailSchema, 429: detailSchema },
      },
    },
    async (request, reply) => {
      await setPassword(db, currentUser(request), request.body, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/jwt/create/',
    { schema: { tags: ['auth'], summary: 'Iniciar sesión', body: loginSchema, response: { 200: tokensSchema, 401: detailSchema, 429: detailSchema } } },
    (request) => login(db, jwt, request.body.email, request.body.password, request.ip),
  );

  app.post(
    '/auth/jwt/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Renovar el token de acceso',
        body: refreshSchema,
        response: { 200: z.object({ access: z.string() }), 401: detailSchema },
      },
    },
    (request) => refreshAccess(guards.checkToken, jwt, request.body.refresh),
  );

  app.post(
    '/auth/jwt/verify/',
    { schema: { tags: ['auth'], summary: 'Verificar un token', body: verifySchema, response: { 200: z.object({}), 401: detailSchema } } },
    async (request) => {
      await guards.checkToken(request.body.token);
      return {};
    },
  );

  app.get(
    '/auth/users/me/',
    {
      onRequest: guards.authenticate,
      schema: { tags: ['auth'], summary: 'Mi perfil', security: [{ jwt: [] }], response: { 200: usuarioMeSchema, 401: detailSchema } },
    },
    async (request) => toUsuarioMe(currentUser(request)),
  );
};
