import { CONTRASENA_ACTUAL_INVALIDA, CUENTA_INACTIVA, type SetPasswordInput, type UsuarioMe } from '#common/schemas/auth';
import type { Db } from '#server/db/client';
import { AppError } from '#server/errors';
import { getUsuarioByEmail, getUsuarioById, touchLastLogin, updatePassword, type UsuarioSesion } from './auth.repository';
import { type TokenCheck, unauthorized } from './authenticate';
import { assertNotCommon } from './common-passwords';
import type { Jwt } from './jwt';
import { hashPassword, verifyPassword } from './password';
import { assertLoginAllowed, clearAccountLocks, clearLoginFailures, recordLoginFailure } from './throttle';
import { findPendingSignupPassword, revokeTokensCuenta } from './token-cuenta.repository';

export const CREDENCIALES_INVALIDAS = 'No se encontró una cuenta activa con las credenciales entregadas.';

// Verified against when the e-mail is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword('contraseña-que-nadie-tiene');
  return dummyHash;
};

export function toUsuarioMe(u: UsuarioSesion): UsuarioMe {
  return {
    id: u.id,
    email: u.email,
    email_pendiente: u.email_pendiente,
    first_name: u.first_name,
    last_name: u.last_name,
    empresa: u.empresa,
    telefono: u.telefono,
    fecha_nacimiento: u.fecha_nacimiento,
    is_comprador: u.is_comprador,
    is_proveedor: u.is_proveedor,
    is_moderador: u.is_moderador,
    correo_contacto: u.correo_contacto,
    direccion_envio: u.direccion_envio,
    ofrece_credito: u.ofrece_credito,
  };
}

export async function issueTokens(jwt: Jwt, user: { id: number; token_version: number }) {
  const iat = Math.floor(Date.now() / 1000);
  const [refresh, access] = await Promise.all([jwt.sign('refresh', user.id, user.token_version, iat), jwt.sign('access', user.id, user.token_version, iat)]);
  return { refresh, access };
}

/**
 * A wrong password answers alike whatever the account (unknown, inactive or active): no
 * enumeration. Only the password of an account's newest signup still waiting on its link says
 * the account is not activated yet, and the client then offers resend_activation. An inactive
 * account's own password is unusable until activation (docs/decisions/003), so the password
 * checked is that signup's; the query runs for every login, so it takes the same time for all.
 */
export async function login(db: Db, jwt: Jwt, email: string, password: string, ip: string) {
  await assertLoginAllowed(db, email, ip);
  const user = await getUsuarioByEmail(db, email);
  const pendiente = await findPendingSignupPassword(db, user && !user.is_active ? user.id : 0);
  const hashed = user?.is_active ? user.password : pendiente;
  const ok = await verifyPassword(hashed ?? (await getDummyHash()), password);
  if (!user || !ok) {
    await recordLoginFailure(db, email, ip);
    throw unauthorized(CREDENCIALES_INVALIDAS, 'no_active_account');
  }
  if (!user.is_active) throw unauthorized(CUENTA_INACTIVA.detail, CUENTA_INACTIVA.code);
  await clearLoginFailures(db, email, ip);
  await touchLastLogin(db, user.id);
  return issueTokens(jwt, user);
}

export async function refreshAccess(checkToken: TokenCheck, jwt: Jwt, refresh: string) {
  const { usuario } = await checkToken(refresh, 'refresh');
  return { access: await jwt.sign('access', usuario.id, usuario.token_version) };
}

/**
 * POST /auth/users/set_password/: the signed-in user proves the current password and
 * chooses a new one, under the reset's rules. As Djoser does, a wrong current password is the
 * only error until it is right. It counts as a failed login of the account from that client (the
 * same 429 after 10), so a stolen session cannot guess it at will. Success ends every session,
 * this one included (the token version moves on, as after a reset); the client logs in again
 * with the new password to keep its own. Unused account links die and the account's locks lift.
 */
export async function setPassword(db: Db, usuario: UsuarioSesion, input: SetPasswordInput, ip: string) {
  await assertLoginAllowed(db, usuario.email, ip);
  const row = await getUsuarioById(db, usuario.id);
  if (!row || !(await verifyPassword(row.password, input.current_password))) {
    await recordLoginFailure(db, usuario.email, ip);
    throw new AppError(400, { current_password: [CONTRASENA_ACTUAL_INVALIDA] });
  }
  assertNotCommon('new_password', input.new_password);
  const password = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await updatePassword(tx, usuario.id, password);
    await revokeTokensCuenta(tx, usuario.id);
    await clearAccountLocks(tx, usuario.email);
  });
}
