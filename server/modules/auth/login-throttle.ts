import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { intentoLogin } from '../../db/schema/usuario';
import { AppError } from '../../errors';

// AUTH-CONTRACT "differs" 6: the 11th failure for one account within 15 minutes gets 429;
// one IP gets more room (an office shares one), but not unlimited. Kept in the database so
// the limit holds across N processes.
const VENTANA_MS = 15 * 60 * 1000;
const MAX_POR_CUENTA = 10;
const MAX_POR_IP = 50;

const normalizar = (email: string) => email.trim().toLowerCase();

async function check(db: Db, where: ReturnType<typeof eq>, max: number) {
  const desde = new Date(Date.now() - VENTANA_MS);
  const [row] = await db
    .select({ n: count(), primero: min(intentoLogin.creado_en) })
    .from(intentoLogin)
    .where(and(where, gt(intentoLogin.creado_en, desde)));
  if (!row || row.n < max || !row.primero) return;
  const retryAfterS = Math.max(1, Math.ceil((new Date(row.primero).getTime() + VENTANA_MS - Date.now()) / 1000));
  const minutos = Math.ceil(retryAfterS / 60);
  throw new AppError(
    429,
    { detail: `Demasiados intentos fallidos. Intenta de nuevo en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.` },
    { 'retry-after': String(retryAfterS) },
  );
}

export async function assertLoginAllowed(db: Db, email: string, ip: string): Promise<void> {
  await check(db, eq(intentoLogin.email, normalizar(email)), MAX_POR_CUENTA);
  await check(db, eq(intentoLogin.ip, ip), MAX_POR_IP);
}

export async function recordLoginFailure(db: Db, email: string, ip: string): Promise<void> {
  await db.insert(intentoLogin).values({ email: normalizar(email), ip });
  // Old rows are of no use to anyone: keep the table small as a side effect of writing to it.
  await db.delete(intentoLogin).where(sql`${intentoLogin.creado_en} < now() - interval '1 day'`);
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(intentoLogin).where(eq(intentoLogin.email, normalizar(email)));
}
