import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tokenCuenta } from '../../db/schema/usuario';
import { AppError } from '../../errors';
import { getUsuarioById, type Usuario } from './auth.repository';

export type Proposito = 'activacion' | 'reset';

/** AUTH-CONTRACT "differs" 4: separate purposes, activation 3 days, reset 1 hour, single use. */
const VIGENCIA_MS: Record<Proposito, number> = { activacion: 3 * 24 * 3600 * 1000, reset: 3600 * 1000 };

/** uid as Djoser writes it: base64url of the id, unpadded (1 → 'MQ'). */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
export function decodeUid(uid: string): number | null {
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9]\d{0,9}$/.test(text) && encodeUid(Number(text)) === uid ? Number(text) : null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh random token; only its hash is stored. */
export async function createAccountToken(db: Db, usuarioId: number, proposito: Proposito): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(tokenCuenta).values({ usuario_id: usuarioId, proposito, token_hash: hashToken(token), expira_en: new Date(Date.now() + VIGENCIA_MS[proposito]) });
  return token;
}

const invalidUid = () => new AppError(400, { uid: ['Usuario inválido o inexistente.'] });
const invalidToken = () => new AppError(400, { token: ['Token inválido para este usuario.'] });

/**
 * Checks uid + token for a purpose and marks the token used, atomically (two concurrent uses:
 * one wins). Void when expired, used, or issued before the user's last password change.
 */
export async function consumeAccountToken(db: Db, uid: string, token: string, proposito: Proposito): Promise<Usuario> {
  const usuarioId = decodeUid(uid);
  const user = usuarioId === null ? undefined : await getUsuarioById(db, usuarioId);
  if (!user) throw invalidUid();
  const [row] = await db
    .select()
    .from(tokenCuenta)
    .where(and(eq(tokenCuenta.token_hash, hashToken(token)), eq(tokenCuenta.usuario_id, user.id), eq(tokenCuenta.proposito, proposito)));
  if (!row || row.creado_en < user.password_changed_at) throw invalidToken();
  // Djoser answers a repeated activation with 403 "stale"; we keep that.
  if (row.usado_en || (proposito === 'activacion' && user.is_active)) {
    if (proposito === 'activacion') throw new AppError(403, { detail: 'Token obsoleto para este usuario.' });
    throw invalidToken();
  }
  if (row.expira_en.getTime() < Date.now()) throw new AppError(400, { token: ['El enlace expiró. Solicita uno nuevo.'] });
  const used = await db
    .update(tokenCuenta)
    .set({ usado_en: new Date() })
    .where(and(eq(tokenCuenta.id, row.id), isNull(tokenCuenta.usado_en), gt(tokenCuenta.expira_en, new Date())))
    .returning({ id: tokenCuenta.id });
  if (used.length === 0) throw invalidToken();
  return user;
}
