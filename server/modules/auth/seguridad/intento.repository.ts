import { and, count, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { intentoLogin } from '#server/db/schema/usuario';

export type Accion = (typeof intentoLogin.$inferSelect)['accion'];
export interface FiltroIntento {
  acciones: Accion[];
  email?: string;
  ip?: string;
}

const where = (f: FiltroIntento) =>
  and(
    inArray(intentoLogin.accion, f.acciones),
    f.email === undefined ? undefined : eq(intentoLogin.email, f.email),
    f.ip === undefined ? undefined : eq(intentoLogin.ip, f.ip),
  );

/** How many attempts match since `desde`, and when the oldest of them was (for Retry-After). */
export async function countIntentos(db: Db, filtro: FiltroIntento, desde: Date): Promise<{ n: number; primero: Date | null }> {
  const [row] = await db
    .select({ n: count(), primero: min(intentoLogin.creado_en) })
    .from(intentoLogin)
    .where(and(where(filtro), gt(intentoLogin.creado_en, desde)));
  return { n: row?.n ?? 0, primero: row?.primero ? new Date(row.primero) : null };
}

export async function insertIntento(db: Db, values: { accion: Accion; email: string; ip: string }): Promise<number> {
  const [row] = await db.insert(intentoLogin).values(values).returning({ id: intentoLogin.id });
  return row!.id;
}

/**
 * Inside a transaction: waits for any other transaction that holds `clave` (an IP's signups, say),
 * so that a count and the insert it allows are one step across connections and processes.
 */
export async function lockIntentos(db: Db, clave: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(724020, hashtext(${clave}))`);
}

export async function deleteIntentos(db: Db, filtro: FiltroIntento): Promise<void> {
  await db.delete(intentoLogin).where(where(filtro));
}

export async function deleteIntentosAntesDe(db: Db, antes: Date): Promise<void> {
  await db.delete(intentoLogin).where(lt(intentoLogin.creado_en, antes));
}
