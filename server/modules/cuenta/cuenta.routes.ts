import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usuarioMeSchema } from '#common/schemas/auth';
import { badRequestSchema, detailSchema } from '#common/schemas/http';
import { confirmarCorreoSchema, perfilSchema } from '#common/schemas/cuenta';
import type { Db } from '#server/db/client';
import type { Mailer } from '#server/mail/mailer';
import { currentUser, type Guards } from '#server/modules/auth/authenticate';
import { toUsuarioMe } from '#server/modules/auth/auth.service';
import { confirmarCorreo, updatePerfil } from './cuenta.service';

export const cuentaRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards; mailer: Mailer; publicUrl: string }> = async (
  app,
  { db, guards, mailer, publicUrl },
) => {
  const deps = { db, mailer, publicUrl };

  app.put(
    '/api/usuarios/usuarios/perfil/',
    {
      onRequest: guards.authenticate,
      schema: {
        tags: ['cuenta'],
        summary: 'Actualizar mis datos (nunca roles ni estado de la cuenta; un correo nuevo espera su confirmación)',
        security: [{ jwt: [] }],
        body: perfilSchema,
        response: { 200: usuarioMeSchema, 400: badRequestSchema, 401: detailSchema, 429: detailSchema },
      },
    },
    async (request) => toUsuarioMe(await updatePerfil(deps, currentUser(request), request.body)),
  );

  // Anonymous on purpose: the link may be opened on a device with no session.
  app.post(
    '/api/usuarios/usuarios/confirmar-correo/',
    {
      schema: {
        tags: ['cuenta'],
        summary: 'Confirmar el nuevo correo con el enlace recibido',
        body: confirmarCorreoSchema,
        response: { 200: usuarioMeSchema, 400: badRequestSchema },
      },
    },
    async (request) => toUsuarioMe(await confirmarCorreo(deps, request.body.uid, request.body.token)),
  );
};
