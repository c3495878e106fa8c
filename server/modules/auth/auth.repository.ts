import { and, eq, like, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { usuario } from '#server/db/schema/usuario';

export type Usuario = typeof usuario.$inferSelect;
export type UsuarioInsert = typeof usuario.$inferInsert;

// What a request needs of its user, read once by the guard: the profile GET /auth/users/me/
// answers with, and the status a token is checked against. Never the password hash.
const sesion = {
  id: usuario.id,
  email: usuario.email,
  email_pendiente: usuario.email_pendiente,
  first_name: usuario.first_name,
  last_name: usuario.last_name,
  empresa: usuario.empresa,
  telefono: usuario.telefono,
  fecha_nacimiento: usuario.fecha_nacimiento,
  is_active: usuario.is_active,
  is_comprador: usuario.is_comprador,
  is_proveedor: usuario.is_proveedor,
  is_moderador: usuario.is_moderador,
  correo_contacto: usuario.correo_contacto,
  direccion_envio: usuario.direccion_envio,
  ofrece_credito: usuario.ofrece_credito,
  token_version: usuario.token_version,
};
export type UsuarioSesion = Pick<Usuario, keyof typeof sesion>;

/**
 * The hot path of every authenticated request: one primary-key lookup of the session columns,
 * built once and run as a named prepared statement (PostgreSQL parses and plans it once per
 * connection; Drizzle skips rebuilding the SQL). Measured in bench/auth-hot-path.ts.
 */
export function prepareGetSesionById(db: Db): (id: number) => Promise<UsuarioSesion | undefined> {
  const query = db
    .select(sesion)
    .from(usuario)
    .where(eq(usuario.id, sql.placeholder('id')))
    .prepare('usuario_sesion_por_id');
  return async (id) => (await query.execute({ id }))[0];
}

export async function getUsuarioById(db: Db, id: number): Promise<Usuario | undefined> {
  const [row] = await db.select().from(usuario).where(eq(usuario.id, id));
  return row;
}

const byEmail = (email: string) => sql`lower(${usuario.email}) = lower(${email.trim()})`;

/** E-mail identity is case-insensitive (docs/decisions/003). */
export async function getUsuarioByEmail(db: Db, email: string): Promise<Usuario | undefined> {
  const [row] = await db.select().from(usuario).where(byEmail(email));
  return row;
}

/** Same, holding the row until the transaction ends: concurrent requests for one account take turns. */
export async function lockUsuarioByEmail(tx: Db, email: string): Promise<Usuario | undefined> {
  const [row] = await tx.select().from(usuario).where(byEmail(email)).for('update');
  return row;
}

/** Inserts a user; a taken e-mail surfaces as a unique violation for the service to word. */
export async function insertUsuario(db: Db, values: UsuarioInsert): Promise<Usuario> {
  const [row] = await db.insert(usuario).values(values).returning();
  return row!;
}

export type DatosCuenta = Pick<Usuario, 'first_name' | 'last_name' | 'is_comprador' | 'is_proveedor' | 'is_moderador'>;

/** Activation: the password proven at the link (and that signup's names and role, if it carried them). */
export async function activateUsuario(db: Db, id: number, passwordHash: string, datos?: DatosCuenta): Promise<void> {
  await db
    .update(usuario)
    .set({ ...datos, is_active: true, password: passwordHash, password_changed_at: new Date(), token_version: sql`${usuario.token_version} + 1` })
    .where(eq(usuario.id, id));
}

/** A new password ends every session: the token version moves on, so earlier JWTs stop matching. */
export async function updatePassword(db: Db, id: number, passwordHash: string): Promise<void> {
  const now = new Date();
  await db
    .update(usuario)
    .set({ password: passwordHash, password_changed_at: now, last_login: now, token_version: sql`${usuario.token_version} + 1` })
    .where(eq(usuario.id, id));
}

export type PerfilUpdate = Partial<Pick<Usuario, 'first_name' | 'last_name' | 'email' | 'email_pendiente' | 'empresa' | 'telefono' | 'fecha_nacimiento'>>;

export async function updatePerfil(db: Db, id: number, values: PerfilUpdate): Promise<UsuarioSesion> {
  const [row] = await db.update(usuario).set(values).where(eq(usuario.id, id)).returning(sesion);
  return row!;
}

/**
 * Removes an account that never activated (the same test as isNeverActivated, repeated in the
 * WHERE so nothing else can go); its account tokens go with it (cascade). Nothing else can point at
 * it: every other row that names a user is written with a session. False when nothing was removed.
 */
export async function deleteUsuarioNeverActivated(db: Db, id: number): Promise<boolean> {
  const gone = await db
    .delete(usuario)
    .where(and(eq(usuario.id, id), eq(usuario.is_active, false), like(usuario.password, '!%')))
    .returning({ id: usuario.id });
  return gone.length > 0;
}

export async function touchLastLogin(db: Db, id: number): Promise<void> {
  await db.update(usuario).set({ last_login: new Date() }).where(eq(usuario.id, id));
}
