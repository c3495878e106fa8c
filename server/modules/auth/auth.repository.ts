import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usuario } from '../../db/schema/usuario';

export type Usuario = typeof usuario.$inferSelect;

export async function getUsuarioById(db: Db, id: number): Promise<Usuario | undefined> {
  const [row] = await db.select().from(usuario).where(eq(usuario.id, id));
  return row;
}

/** E-mail identity is case-insensitive (AUTH-CONTRACT "differs" 2). */
export async function getUsuarioByEmail(db: Db, email: string): Promise<Usuario | undefined> {
  const [row] = await db
    .select()
    .from(usuario)
    .where(sql`lower(${usuario.email}) = lower(${email.trim()})`);
  return row;
}

export async function touchLastLogin(db: Db, id: number): Promise<void> {
  await db.update(usuario).set({ last_login: new Date() }).where(eq(usuario.id, id));
}
