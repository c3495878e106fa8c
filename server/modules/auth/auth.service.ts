import type { UsuarioMe } from '../../../common/schemas/auth';
import type { Db } from '../../db/client';
import { getUsuarioByEmail, getUsuarioById, touchLastLogin, type Usuario } from './auth.repository';
import { isIssuedBeforePasswordChange, TOKEN_INVALIDO, unauthorized } from './authenticate';
import type { Jwt } from './jwt';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-throttle';
import { hashPassword, verifyPassword } from './password';

export const CREDENCIALES_INVALIDAS = 'No se encontró una cuenta activa con las credenciales entregadas.';

// Verified against when the e-mail is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword('contraseña-que-nadie-tiene');
  return dummyHash;
};

export function toUsuarioMe(u: Usuario): UsuarioMe {
  return {
    id: u.id,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
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

export async function issueTokens(jwt: Jwt, userId: number) {
  const iat = Math.floor(Date.now() / 1000);
  const [refresh, access] = await Promise.all([jwt.sign('refresh', userId, iat), jwt.sign('access', userId, iat)]);
  return { refresh, access };
}

/** Wrong password, unknown e-mail and inactive account answer alike: no enumeration. */
export async function login(db: Db, jwt: Jwt, email: string, password: string, ip: string) {
  await assertLoginAllowed(db, email, ip);
  const user = await getUsuarioByEmail(db, email);
  const ok = await verifyPassword(user?.password ?? (await getDummyHash()), password);
  if (!user || !ok || !user.is_active) {
    await recordLoginFailure(db, email, ip);
    throw unauthorized(CREDENCIALES_INVALIDAS, 'no_active_account');
  }
  await clearLoginFailures(db, email);
  await touchLastLogin(db, user.id);
  return issueTokens(jwt, user.id);
}

/** A valid access or refresh token of an active user whose password has not changed since. */
export async function verifyToken(db: Db, jwt: Jwt, token: string, expected?: 'refresh') {
  const claims = await jwt.verify(token);
  if (!claims) throw unauthorized(TOKEN_INVALIDO, 'token_not_valid');
  if (expected && claims.token_type !== expected) throw unauthorized('El token tiene un tipo incorrecto.', 'token_not_valid');
  const user = await getUsuarioById(db, claims.user_id);
  if (!user || !user.is_active || isIssuedBeforePasswordChange(claims, user)) throw unauthorized(TOKEN_INVALIDO, 'token_not_valid');
  return { claims, user };
}

export async function refreshAccess(db: Db, jwt: Jwt, refresh: string) {
  const { claims } = await verifyToken(db, jwt, refresh, 'refresh');
  return { access: await jwt.sign('access', claims.user_id, Math.floor(Date.now() / 1000)) };
}
