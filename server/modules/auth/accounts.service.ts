import type { FastifyBaseLogger } from 'fastify';
import type { SignupInput } from '../../../common/schemas/auth';
import { type Rol, rolFlags } from '../../../common/rol';
import type { Db } from '../../db/client';
import { AppError, isUniqueViolation } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import { correoActivacion, correoReset } from '../../mail/templates';
import { consumeAccountToken, createAccountToken, encodeUid } from './account-tokens';
import { afterReply } from './after-reply';
import { activateUsuario, getUsuarioByEmail, insertUsuario, lockUsuarioByEmail, updatePassword } from './auth.repository';
import { CONTRASENA_COMUN, isCommonPassword } from './common-passwords';
import { hashPassword } from './password';
import { clearAccountLocks, takeEmailRequest } from './throttle';
import { countTokensCuenta, revokeTokensCuenta } from './token-cuenta.repository';

export interface AccountsDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

const EMAIL_EN_USO = 'Ya existe un usuario con este correo.';
/** Activation or reset e-mails one address receives per hour, whoever asks (signup's included). */
const MAX_CORREOS_POR_HORA = 3;

function assertNotCommon(field: string, password: string) {
  if (isCommonPassword(password)) throw new AppError(400, { [field]: [CONTRASENA_COMUN] });
}

/** Creates a user; a taken e-mail (any letter case) is a 400 on the email field. */
export async function createUsuario(db: Db, data: { email: string; password: string; first_name: string; last_name: string; is_active: boolean; rol: Rol }) {
  if (await getUsuarioByEmail(db, data.email)) throw new AppError(400, { email: [EMAIL_EN_USO] });
  try {
    return await insertUsuario(db, {
      email: data.email.trim(),
      password: await hashPassword(data.password),
      first_name: data.first_name,
      last_name: data.last_name,
      is_active: data.is_active,
      correo_contacto: data.email.trim(),
      ...rolFlags(data.rol),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(400, { email: [EMAIL_EN_USO] });
    throw error;
  }
}

const activationUrl = (publicUrl: string, id: number, token: string) => `${publicUrl}/activate/${encodeUid(id)}/${token}`;
const resetUrl = (publicUrl: string, id: number, token: string) => `${publicUrl}/password/reset/confirm/${encodeUid(id)}/${token}`;

/** POST /auth/users/: an inactive account and its activation e-mail, in one transaction. */
export async function register({ db, mailer, publicUrl }: AccountsDeps, input: SignupInput) {
  assertNotCommon('password', input.password);
  const rol: Rol = input.is_proveedor ? 'proveedor' : 'comprador';
  const user = await db.transaction(async (tx) => {
    const created = await createUsuario(tx, { ...input, is_active: false, rol });
    const token = await createAccountToken(tx, created.id, 'activacion');
    await mailer.enqueue(tx, correoActivacion(created.email, created.first_name, activationUrl(publicUrl, created.id, token)));
    return created;
  });
  void mailer.kick();
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    is_comprador: user.is_comprador,
    is_proveedor: user.is_proveedor,
  };
}

export async function activate({ db }: AccountsDeps, uid: string, token: string) {
  await db.transaction(async (tx) => {
    const user = await consumeAccountToken(tx, uid, token, 'activacion');
    await activateUsuario(tx, user.id);
  });
}

/**
 * The e-mail of an activation (inactive account) or reset (active account) link, at most
 * MAX_CORREOS_POR_HORA per address. The user row is locked, so concurrent requests for one
 * address count one after another.
 */
async function sendAccountLink({ db, mailer, publicUrl }: AccountsDeps, proposito: 'activacion' | 'reset', email: string) {
  const sent = await db.transaction(async (tx) => {
    const user = await lockUsuarioByEmail(tx, email);
    if (!user || user.is_active !== (proposito === 'reset')) return false;
    if ((await countTokensCuenta(tx, user.id, proposito, new Date(Date.now() - 3600_000))) >= MAX_CORREOS_POR_HORA) return false;
    const token = await createAccountToken(tx, user.id, proposito);
    const correo =
      proposito === 'activacion'
        ? correoActivacion(user.email, user.first_name, activationUrl(publicUrl, user.id, token))
        : correoReset(user.email, user.first_name, resetUrl(publicUrl, user.id, token));
    await mailer.enqueue(tx, correo);
    return true;
  });
  if (sent) await mailer.kick();
}

/**
 * resend_activation and reset_password: 429 past the per-IP limit (which says nothing about the
 * address); otherwise 204 before any lookup, so the answer takes the same time whether or not
 * the address has an account, and the e-mail (if any is due) is prepared afterwards.
 */
export async function requestAccountEmail(deps: AccountsDeps, proposito: 'activacion' | 'reset', email: string, ip: string, log: FastifyBaseLogger) {
  await takeEmailRequest(deps.db, proposito, email, ip);
  afterReply(log, `no se pudo preparar el correo de ${proposito}`, () => sendAccountLink(deps, proposito, email));
}

/** Sets the new password; every earlier JWT and account token dies with the old one, and the account's login locks lift. */
export async function confirmPasswordReset({ db }: AccountsDeps, input: { uid: string; token: string; new_password: string }) {
  assertNotCommon('new_password', input.new_password);
  const password = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    const user = await consumeAccountToken(tx, input.uid, input.token, 'reset');
    await updatePassword(tx, user.id, password);
    await revokeTokensCuenta(tx, user.id);
    await clearAccountLocks(tx, user.email);
  });
}
