import type { z } from 'zod';
import type { perfilSchema } from '#common/schemas/cuenta';
import type { Db } from '#server/db/client';
import { AppError, isUniqueViolation } from '#server/errors';
import type { Mailer } from '#server/mail/mailer';
import { correoAvisoCambioCorreo, correoAvisoCorreoPedido, correoCambioCorreo } from '#server/mail/templates';
import { consumeTokenCuenta, createTokenCuenta, encodeUid, type MensajesToken } from '#server/modules/auth/enlaces/token-cuenta';
import {
  deleteUsuarioNeverActivated,
  getUsuarioByEmail,
  lockUsuarioByEmail,
  type PerfilUpdate,
  updatePerfil as updatePerfilRow,
  type UsuarioSesion,
} from '#server/modules/auth/auth.repository';
import { isNeverActivated } from '#server/modules/auth/seguridad/password';
import { demasiadosIntentos } from '#server/modules/auth/seguridad/throttle';
import { countTokensCuenta, revokeTokensCuenta } from '#server/modules/auth/enlaces/token-cuenta.repository';

export interface CuentaDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

const emailEnUso = () => new AppError(400, { email: ['Este correo ya está en uso'] });
/** E-mail change requests per account and hour: each one e-mails an address the user chose. */
const MAX_CAMBIOS_CORREO_POR_HORA = 5;

const MENSAJES_CAMBIO_CORREO: MensajesToken = {
  uid: () => new AppError(400, { token: ['El enlace no es válido o ya fue usado. Solicita el cambio de nuevo.'] }),
  token: () => new AppError(400, { token: ['El enlace no es válido o ya fue usado. Solicita el cambio de nuevo.'] }),
  expirado: () => new AppError(400, { token: ['El enlace expiró. Solicita el cambio de nuevo.'] }),
};

/**
 * The profile fields only: roles, is_active and ofrece_credito are not the user's to change here.
 * A new e-mail does not take effect until it confirms the link sent to it (email_pendiente),
 * and the current address is told about the request. An address another account holds answers
 * exactly as a free one, under the same hourly cap (docs/decisions/003: the profile tells no one
 * which e-mails have accounts): it waits as pending, its owner gets a notice instead of the link,
 * and confirmar-correo would refuse it anyway.
 */
export async function updatePerfil(
  { db, mailer, publicUrl }: CuentaDeps,
  usuario: UsuarioSesion,
  perfil: z.output<typeof perfilSchema>,
): Promise<UsuarioSesion> {
  const cambiaCorreo = perfil.email.toLowerCase() !== usuario.email.toLowerCase();
  const values: PerfilUpdate = {
    first_name: perfil.first_name,
    last_name: perfil.last_name,
    telefono: perfil.telefono,
    fecha_nacimiento: perfil.fecha_nacimiento,
    // Letter case alone is the same mailbox: no confirmation needed.
    ...(cambiaCorreo ? { email_pendiente: perfil.email } : { email: perfil.email }),
  };
  const updated = await db
    .transaction(async (tx) => {
      const desde = new Date(Date.now() - 3600_000);
      if (cambiaCorreo && (await countTokensCuenta(tx, usuario.id, 'cambio_correo', desde)) >= MAX_CAMBIOS_CORREO_POR_HORA) {
        throw demasiadosIntentos('Demasiadas solicitudes de cambio de correo. Intenta de nuevo en una hora.', 3600);
      }
      const row = await updatePerfilRow(tx, usuario.id, values);
      if (cambiaCorreo) {
        // A signup never activated does not hold the address: the link sent to it decides (confirmarCorreo).
        const titular = await getUsuarioByEmail(tx, perfil.email);
        const tomado = titular !== undefined && titular.id !== usuario.id && !isNeverActivated(titular);
        // Only the newest request can be confirmed. A taken address gets a token too, never sent:
        // the same writes either way, and the hourly cap counts both alike.
        await revokeTokensCuenta(tx, usuario.id, 'cambio_correo');
        const token = await createTokenCuenta(tx, usuario.id, 'cambio_correo');
        await mailer.enqueue(
          tx,
          tomado
            ? correoAvisoCorreoPedido(titular.email, titular.first_name, `${publicUrl}/login`)
            : correoCambioCorreo(perfil.email, row.first_name, `${publicUrl}/confirmar-correo/${encodeUid(usuario.id)}/${token}`),
        );
        await mailer.enqueue(tx, correoAvisoCambioCorreo(usuario.email, row.first_name, perfil.email, `${publicUrl}/reset-password`));
      }
      return row;
    })
    .catch((error) => {
      throw isUniqueViolation(error) ? emailEnUso() : error;
    });
  if (cambiaCorreo) void mailer.kick();
  return updated;
}

/**
 * POST confirmar-correo/: the pending e-mail becomes the account's, unless an account that proved
 * that mailbox took it meanwhile. One whose signup never activated is removed in this transaction
 *: this link proves the mailbox, that signup never did, and it would otherwise block
 * the change for good (docs/decisions/003). Its row is locked first, so an activation racing this
 * either wins (the address is taken) or finds the account gone.
 */
export async function confirmarCorreo({ db }: CuentaDeps, uid: string, token: string): Promise<UsuarioSesion> {
  return db
    .transaction(async (tx) => {
      const user = await consumeTokenCuenta(tx, uid, token, 'cambio_correo', MENSAJES_CAMBIO_CORREO);
      if (!user.email_pendiente) throw MENSAJES_CAMBIO_CORREO.token();
      const titular = await lockUsuarioByEmail(tx, user.email_pendiente);
      if (titular && titular.id !== user.id) {
        if (!isNeverActivated(titular) || !(await deleteUsuarioNeverActivated(tx, titular.id))) throw emailEnUso();
      }
      return updatePerfilRow(tx, user.id, { email: user.email_pendiente, email_pendiente: null });
    })
    .catch((error) => {
      throw isUniqueViolation(error) ? emailEnUso() : error;
    });
}
