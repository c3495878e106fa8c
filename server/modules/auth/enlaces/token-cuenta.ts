import { createHash, randomBytes } from 'node:crypto';
import { CUENTA_YA_ACTIVA } from '#common/schemas/auth';
import type { Db } from '#server/db/client';
import { AppError } from '#server/errors';
import { getUsuarioById, type Usuario } from '../auth.repository';
import { type DatosRegistro, findTokenCuenta, insertTokenCuenta, markTokenCuentaUsado, type Proposito } from './token-cuenta.repository';

export type { Proposito };

/** docs/decisions/003: separate purposes, activation 3 days, reset 1 hour, e-mail change 24 h; single use. */
const VIGENCIA_MS: Record<Proposito, number> = { activacion: 3 * 24 * 3600 * 1000, reset: 3600 * 1000, cambio_correo: 24 * 3600 * 1000 };

/** uid as Djoser writes it: base64url of the id, unpadded (1 → 'MQ'). */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
export function decodeUid(uid: string): number | null {
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9]\d{0,9}$/.test(text) && encodeUid(Number(text)) === uid ? Number(text) : null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh random token (with what a signup asked for, if it is one); only its hash is stored. */
export async function createTokenCuenta(db: Db, usuarioId: number, proposito: Proposito, datos?: DatosRegistro): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertTokenCuenta(db, {
    usuario_id: usuarioId,
    proposito,
    token_hash: hashToken(token),
    expira_en: new Date(Date.now() + VIGENCIA_MS[proposito]),
    datos,
  });
  return token;
}

/** The errors a link's failures answer with, per screen. */
export type MensajesToken = Record<'uid' | 'token' | 'expirado', () => AppError>;

/** Djoser's answers, for the activation and reset links (docs/decisions/003). */
const MENSAJES_DJOSER: MensajesToken = {
  uid: () => new AppError(400, { uid: ['Usuario inválido o inexistente.'] }),
  token: () => new AppError(400, { token: ['Token inválido para este usuario.'] }),
  expirado: () => new AppError(400, { token: ['El enlace expiró. Solicita uno nuevo.'] }),
};

/**
 * Checks uid + token for a purpose and marks the token used, atomically (two concurrent uses:
 * one wins). Void when expired or used; a password change and a newer request of the same kind
 * mark earlier tokens used. Inside a transaction, an error thrown later un-marks it.
 */
export async function consumeTokenCuenta(
  db: Db,
  uid: string,
  token: string,
  proposito: Proposito,
  mensajes: MensajesToken = MENSAJES_DJOSER,
): Promise<Usuario> {
  return (await consumeTokenCuentaWithDatos(db, uid, token, proposito, mensajes)).user;
}

/** The same, with what the token's signup asked for (null when it is not a signup's). */
export async function consumeTokenCuentaWithDatos(
  db: Db,
  uid: string,
  token: string,
  proposito: Proposito,
  mensajes: MensajesToken = MENSAJES_DJOSER,
): Promise<{ user: Usuario; datos: DatosRegistro | null }> {
  const { user, row } = await findUsableTokenCuenta(db, uid, token, proposito, mensajes);
  if (!(await markTokenCuentaUsado(db, row.id))) throw mensajes.token();
  return { user, datos: row.datos };
}

/** Checks uid + token for a purpose as consuming would, answering the same errors, and leaves the token unused. */
export async function readTokenCuenta(db: Db, uid: string, token: string, proposito: Proposito): Promise<{ user: Usuario; datos: DatosRegistro | null }> {
  const { user, row } = await findUsableTokenCuenta(db, uid, token, proposito, MENSAJES_DJOSER);
  return { user, datos: row.datos };
}

async function findUsableTokenCuenta(db: Db, uid: string, token: string, proposito: Proposito, mensajes: MensajesToken) {
  const usuarioId = decodeUid(uid);
  const user = usuarioId === null ? undefined : await getUsuarioById(db, usuarioId);
  if (!user) throw mensajes.uid();
  const row = await findTokenCuenta(db, user.id, proposito, hashToken(token));
  if (!row) throw mensajes.token();
  // Djoser answers a repeated activation with 403 "stale"; we keep that. The row matched, so the
  // caller holds a link issued for this account: telling them it is active leaks nothing, and
  // /activate then says so calmly instead of failing.
  if (row.usado_en || (proposito === 'activacion' && user.is_active)) {
    if (proposito === 'activacion') throw new AppError(403, user.is_active ? { ...CUENTA_YA_ACTIVA } : { detail: CUENTA_YA_ACTIVA.detail });
    throw mensajes.token();
  }
  if (row.expira_en.getTime() < Date.now()) throw mensajes.expirado();
  return { user, row };
}
