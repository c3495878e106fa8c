import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACTIVACION_PIDE_CONTRASENA,
  type ActivationDatos,
  type ActivationInput,
  CONTRASENA_ACTUAL_INVALIDA,
  CUENTA_INACTIVA,
  type SetPasswordInput,
  type SignupInput,
  type UsuarioMe,
} from '#common/schemas/auth';
import { type Rol, rolFlags } from '#common/rol';
import type { Db } from '#server/db/client';
import type { DatosRegistro } from '#server/db/schema/usuario';
import { AppError, isUniqueViolation } from '#server/errors';
import { createClave, hashClave, isClave } from '#server/http/clave';
import type { Mailer } from '#server/mail/mailer';
import { correoActivacion, correoAvisoRegistro, correoReset } from '#server/mail/templates';
import {
  activateUsuario,
  type DatosCuenta,
  getUsuarioByEmail,
  getUsuarioById,
  insertUsuario,
  lockUsuarioByEmail,
  touchLastLogin,
  type Usuario,
  type UsuarioSesion,
  updatePassword,
} from './auth.repository';
import { type TokenCheck, unauthorized } from './authenticate';
import type { AfterReply } from './enlaces/after-reply';
import { consumeTokenCuenta, consumeTokenCuentaWithDatos, createTokenCuenta, encodeUid, readTokenCuenta } from './enlaces/token-cuenta';
import { countTokensCuenta, findNewestSignupDatos, findPendingSignupPassword, revokeTokensCuenta } from './enlaces/token-cuenta.repository';
import { assertNotCommon } from './seguridad/common-passwords';
import { hashPassword, unusablePassword, verifyPassword } from './seguridad/password';
import {
  assertLoginAllowed,
  clearAccountLocks,
  clearLoginFailures,
  countSignups,
  recordLoginFailure,
  releaseSignups,
  takeEmailRequest,
  takeSignup,
} from './seguridad/throttle';
import type { Jwt } from './sesion/jwt';

// Accounts and sessions as docs/decisions/003 has them: first the session (login, refresh,
// set_password, the profile a token carries), then the account's life through its e-mail links
// (signup, activation, resend_activation, reset_password).

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

// The account's life through its e-mail links.

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** Where the e-mails of resend_activation and reset_password wait for after the answer. */
  afterReply: AfterReply;
}

const EMAIL_EN_USO = 'Ya existe un usuario con este correo.';
/** Activation or reset e-mails (or signup notices) one address receives per hour, whoever asks (signup's included). */
const MAX_CORREOS_POR_HORA = 3;

/** Creates a user with a known password (`npm run create-user`); a taken e-mail (any letter case) is a 400 on the email field. */
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

/**
 * POST /auth/users/ (docs/decisions/003): one answer, 201 with the same shape, whether
 * the e-mail is new, waits for activation or has an active account, and the same work (one
 * argon2 hash, one e-mail) in each case:
 * - new: an inactive account with an unusable password, and an activation link whose token
 *   carries this signup's password hash, names, role and the hash of `clave_activacion`;
 * - pending: the same link for the existing account (someone else's earlier signup never blocks
 *   the mailbox's owner, and never gets their password);
 * - active: no account; the owner gets a notice instead.
 * The answer carries no account id (Djoser's does): only an address with an account has one, and
 * a stand-in id could not be the same on the next signup of that address as a real one is.
 * The password becomes the account's only at activation, with this browser's clave; see activate().
 */
export async function register({ db, mailer, publicUrl }: AuthDeps, input: SignupInput, ip: string) {
  assertNotCommon('password', input.password);
  await takeSignup(db, input.email, ip);
  const rol = input.is_proveedor ? 'proveedor' : 'comprador';
  const clave = createClave();
  const datos: DatosRegistro = {
    password: await hashPassword(input.password),
    first_name: input.first_name,
    last_name: input.last_name,
    rol,
    clave_hash: hashClave(clave),
  };
  const email = input.email.trim();
  const signup = (tx: Db) => registerIn(tx, { mailer, publicUrl }, email, datos);
  try {
    await db.transaction(signup);
  } catch (error) {
    // Two signups for one new address at once: the loser finds the winner's account and goes on as for a pending one.
    if (!isUniqueViolation(error)) throw error;
    await db.transaction(signup);
  }
  void mailer.kick();
  const { is_comprador, is_proveedor } = rolFlags(rol);
  return { email, first_name: datos.first_name, last_name: datos.last_name, is_comprador, is_proveedor, clave_activacion: clave };
}

/** The account columns a signup decides: names and role. */
const datosCuenta = (datos: DatosRegistro) => ({ first_name: datos.first_name, last_name: datos.last_name, ...rolFlags(datos.rol) });

/** One signup's writes, in its transaction: the account row (new, pending or active) is locked first. */
async function registerIn(tx: Db, { mailer, publicUrl }: Pick<AuthDeps, 'mailer' | 'publicUrl'>, email: string, datos: DatosRegistro): Promise<void> {
  const existing = await lockUsuarioByEmail(tx, email);
  if (!existing) {
    const user = await insertUsuario(tx, { email, password: unusablePassword(), is_active: false, correo_contacto: email, ...datosCuenta(datos) });
    const token = await createTokenCuenta(tx, user.id, 'activacion', datos);
    await mailer.enqueue(tx, correoActivacion(user.email, datos.first_name, activationUrl(publicUrl, user.id, token)));
    return;
  }
  if (!existing.is_active) {
    // The address's cap on activation e-mails, resend_activation's included; past it, silently nothing.
    if ((await countTokensCuenta(tx, existing.id, 'activacion', new Date(Date.now() - 3600_000))) < MAX_CORREOS_POR_HORA) {
      const token = await createTokenCuenta(tx, existing.id, 'activacion', datos);
      await mailer.enqueue(tx, correoActivacion(existing.email, datos.first_name, activationUrl(publicUrl, existing.id, token)));
    }
    return;
  }
  if ((await countSignups(tx, email)) <= MAX_CORREOS_POR_HORA)
    await mailer.enqueue(tx, correoAvisoRegistro(existing.email, existing.first_name, `${publicUrl}/login`, `${publicUrl}/reset-password`));
}

/**
 * The names and role an activation gives the account: what the page sent (the mailbox's owner
 * chose them there), each over the link's signup's; a link that carries none (resend_activation's)
 * takes the account's newest signup's, since the mailbox's owner who signs up after someone
 * squatted the address is the later one; failing that, what the account holds.
 */
async function cuentaAlActivar(tx: Db, user: Usuario, datos: DatosRegistro | null, elegido: Partial<ActivationInput> = {}): Promise<DatosCuenta> {
  const registro = datos ?? (await findNewestSignupDatos(tx, user.id));
  const eligeRol = elegido.is_proveedor !== undefined || elegido.is_comprador !== undefined;
  // As at signup: supplier when asked for, buyer otherwise. Never a moderator.
  const rol = eligeRol ? (elegido.is_proveedor ? 'proveedor' : 'comprador') : registro?.rol;
  return {
    first_name: elegido.first_name ?? registro?.first_name ?? user.first_name,
    last_name: elegido.last_name ?? registro?.last_name ?? user.last_name,
    ...(rol ? rolFlags(rol) : { is_comprador: user.is_comprador, is_proveedor: user.is_proveedor, is_moderador: user.is_moderador }),
  };
}

/**
 * POST /auth/users/activation/datos/: what the activation would give the account if nothing were
 * changed on the page, and its e-mail (the page finds this browser's clave by it). Reading does
 * not use the link, and it answers a bad, used or expired one as the activation would.
 */
export async function activationDatos({ db }: AuthDeps, uid: string, token: string): Promise<ActivationDatos> {
  const { user, datos } = await readTokenCuenta(db, uid, token, 'activacion');
  const { first_name, last_name, is_comprador, is_proveedor } = await cuentaAlActivar(db, user, datos);
  return { email: user.email, first_name, last_name, is_comprador, is_proveedor };
}

/**
 * POST /auth/users/activation/: a password becomes the account's only when the
 * activation proves both the mailbox (the link) and knowledge of that password (the clave of the
 * browser that chose it at this link's signup), or when whoever opened the link chooses one right
 * there. Otherwise 400 on new_password, and the link stays unused: the transaction rolls back.
 */
export async function activate({ db }: AuthDeps, input: ActivationInput) {
  if (input.new_password !== undefined) assertNotCommon('new_password', input.new_password);
  const elegida = input.new_password === undefined ? undefined : await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    const { user, datos } = await consumeTokenCuentaWithDatos(tx, input.uid, input.token, 'activacion');
    const conClave = datos !== null && input.clave_activacion !== undefined && isClave(datos.clave_hash, input.clave_activacion);
    const password = elegida ?? (conClave ? datos.password : undefined);
    if (password === undefined) throw new AppError(400, { new_password: [ACTIVACION_PIDE_CONTRASENA] });
    await activateUsuario(tx, user.id, password, await cuentaAlActivar(tx, user, datos, input));
    // Every other link of the account dies (a reuse answers 403 stale), and its signups stop counting against their IPs.
    await revokeTokensCuenta(tx, user.id);
    await releaseSignups(tx, user.email);
  });
}

/**
 * The e-mail of an activation (inactive account) or reset (active account) link, at most
 * MAX_CORREOS_POR_HORA per address. The user row is locked, so concurrent requests for one
 * address count one after another. The same two reads run whether or not the address has an
 * account; only the link and its e-mail are extra.
 */
async function sendAccountLink({ db, mailer, publicUrl }: AuthDeps, proposito: 'activacion' | 'reset', email: string) {
  const sent = await db.transaction(async (tx) => {
    const user = await lockUsuarioByEmail(tx, email);
    const enviados = await countTokensCuenta(tx, user?.id ?? 0, proposito, new Date(Date.now() - 3600_000));
    if (!user || user.is_active !== (proposito === 'reset') || enviados >= MAX_CORREOS_POR_HORA) return false;
    const token = await createTokenCuenta(tx, user.id, proposito);
    const correo =
      proposito === 'activacion'
        ? correoActivacion(user.email, user.first_name, activationUrl(publicUrl, user.id, token))
        : correoReset(user.email, user.first_name, resetUrl(publicUrl, user.id, token));
    await mailer.enqueue(tx, correo);
    return true;
  });
  if (sent) await mailer.kick();
}

/** How long after the answer the e-mail of resend_activation / reset_password is prepared: a random 1 to 4 s. */
const demoraCorreo = () => randomInt(1000, 4000);

/**
 * resend_activation and reset_password: 429 past the per-IP limit (which says nothing about the
 * address); otherwise 204 before any lookup, so the answer takes the same time whether or not
 * the address has an account. The lookup and the e-mail (if any is due) come a random 1–4 s
 * later: right after the answer, a known address's e-mail slowed the next requests down (9.2 vs
 * 4.0 ms), which told a prober that the address has an account. Spread over seconds,
 * among other traffic, and at most MAX_CORREOS_POR_HORA times per address and hour, it tells
 * next to nothing (bench/cuentas-tiempos.ts measures it).
 */
export async function requestAccountEmail(deps: AuthDeps, proposito: 'activacion' | 'reset', email: string, ip: string, log: FastifyBaseLogger) {
  await takeEmailRequest(deps.db, proposito, email, ip);
  deps.afterReply.run(log, `no se pudo preparar el correo de ${proposito}`, () => sendAccountLink(deps, proposito, email), demoraCorreo());
}

/** Sets the new password; every earlier JWT and account token dies with the old one, and the account's login locks lift. */
export async function confirmPasswordReset({ db }: AuthDeps, input: { uid: string; token: string; new_password: string }) {
  assertNotCommon('new_password', input.new_password);
  const password = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    const user = await consumeTokenCuenta(tx, input.uid, input.token, 'reset');
    await updatePassword(tx, user.id, password);
    await revokeTokensCuenta(tx, user.id);
    await clearAccountLocks(tx, user.email);
  });
}
