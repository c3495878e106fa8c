import { and, eq, gt, sql } from 'drizzle-orm';
import type { SignupInput } from '../../../common/schemas/auth';
import type { Db } from '../../db/client';
import { tokenCuenta, usuario } from '../../db/schema/usuario';
import { AppError, isUniqueViolation } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import { correoActivacion, correoReset } from '../../mail/templates';
import { consumeAccountToken, createAccountToken, encodeUid } from './account-tokens';
import { getUsuarioByEmail } from './auth.repository';
import { CONTRASENA_COMUN, isCommonPassword } from './common-passwords';
import { hashPassword } from './password';

export interface AccountsDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

const EMAIL_EN_USO = 'Ya existe un usuario con este correo.';
const MAX_RESETS_POR_HORA = 3;

function assertNotCommon(field: string, password: string) {
  if (isCommonPassword(password)) throw new AppError(400, { [field]: [CONTRASENA_COMUN] });
}

/** Roles an account may have, from who creates it: signup allows buyer or supplier only. */
export type RolAlta = 'comprador' | 'proveedor' | 'moderador';
export const rolFlags = (rol: RolAlta) => ({ is_comprador: rol === 'comprador', is_proveedor: rol === 'proveedor', is_moderador: rol === 'moderador' });

/** Inserts a user; a taken e-mail (any letter case) is a 400 on the email field. */
export async function insertUsuario(db: Db, data: { email: string; password: string; first_name: string; last_name: string; is_active: boolean; rol: RolAlta }) {
  if (await getUsuarioByEmail(db, data.email)) throw new AppError(400, { email: [EMAIL_EN_USO] });
  try {
    const [user] = await db
      .insert(usuario)
      .values({
        email: data.email.trim(),
        password: await hashPassword(data.password),
        first_name: data.first_name,
        last_name: data.last_name,
        is_active: data.is_active,
        correo_contacto: data.email.trim(),
        ...rolFlags(data.rol),
      })
      .returning();
    return user!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(400, { email: [EMAIL_EN_USO] });
    throw error;
  }
}

/** POST /auth/users/: an inactive account and its activation e-mail, in one transaction. */
export async function register({ db, mailer, publicUrl }: AccountsDeps, input: SignupInput) {
  assertNotCommon('password', input.password);
  const rol: RolAlta = input.is_proveedor ? 'proveedor' : 'comprador';
  const user = await db.transaction(async (tx) => {
    const created = await insertUsuario(tx, { ...input, is_active: false, rol });
    const token = await createAccountToken(tx, created.id, 'activacion');
    await mailer.enqueue(tx, correoActivacion(created.email, created.first_name, `${publicUrl}/activate/${encodeUid(created.id)}/${token}`));
    return created;
  });
  void mailer.kick();
  return { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name, is_comprador: user.is_comprador, is_proveedor: user.is_proveedor };
}

export async function activate({ db }: AccountsDeps, uid: string, token: string) {
  await db.transaction(async (tx) => {
    const user = await consumeAccountToken(tx, uid, token, 'activacion');
    await tx.update(usuario).set({ is_active: true }).where(eq(usuario.id, user.id));
  });
}

/** Always 204: whether an address has an inactive account is nobody's business. */
export async function resendActivation({ db, mailer, publicUrl }: AccountsDeps, email: string) {
  const user = await getUsuarioByEmail(db, email);
  if (!user || user.is_active) return;
  await db.transaction(async (tx) => {
    const token = await createAccountToken(tx, user.id, 'activacion');
    await mailer.enqueue(tx, correoActivacion(user.email, user.first_name, `${publicUrl}/activate/${encodeUid(user.id)}/${token}`));
  });
  void mailer.kick();
}

/**
 * Always 204 and answered before any lookup, so the response takes the same time whether or
 * not the e-mail has an account; the work happens afterwards. Throttled per e-mail.
 */
export function requestPasswordReset({ db, mailer, publicUrl }: AccountsDeps, email: string, log: { error: (o: object, m: string) => void }) {
  setImmediate(async () => {
    try {
      const user = await getUsuarioByEmail(db, email);
      if (!user || !user.is_active) return;
      const recientes = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(tokenCuenta)
        .where(and(eq(tokenCuenta.usuario_id, user.id), eq(tokenCuenta.proposito, 'reset'), gt(tokenCuenta.creado_en, new Date(Date.now() - 3600_000))));
      if ((recientes[0]?.n ?? 0) >= MAX_RESETS_POR_HORA) return;
      await db.transaction(async (tx) => {
        const token = await createAccountToken(tx, user.id, 'reset');
        await mailer.enqueue(tx, correoReset(user.email, user.first_name, `${publicUrl}/password/reset/confirm/${encodeUid(user.id)}/${token}`));
      });
      await mailer.kick();
    } catch (error) {
      log.error({ err: error }, 'no se pudo preparar el correo de restablecimiento');
    }
  });
}

/** Sets the new password; every earlier JWT and account token dies with the old one. */
export async function confirmPasswordReset({ db }: AccountsDeps, input: { uid: string; token: string; new_password: string }) {
  assertNotCommon('new_password', input.new_password);
  const password = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    const user = await consumeAccountToken(tx, input.uid, input.token, 'reset');
    await tx.update(usuario).set({ password, password_changed_at: new Date(), last_login: new Date() }).where(eq(usuario.id, user.id));
  });
}
