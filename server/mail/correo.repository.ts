import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { correoSaliente } from '#server/db/schema/usuario';
import type { Correo } from './templates';

export interface CorreoPendiente extends Correo {
  id: number;
}

/** Writes a message into the outbox, on the caller's executor (its transaction). */
export async function insertCorreo(db: Db, correo: Correo): Promise<void> {
  await db.insert(correoSaliente).values(correo);
}

/** How long a claim keeps other processes off a message: far longer than one SMTP send takes. */
const LEASE = sql`now() + interval '5 minutes'`;

/**
 * Claims the next unsent message after `afterId` and counts the attempt, in one statement. The
 * claim is a lease written with the row (SKIP LOCKED keeps two claims of one instant apart; the
 * lease keeps the next pass of another process off it while this one sends), so N processes send
 * each message once. A claimer that dies before marking it sent leaves it to whoever comes after
 * the lease.
 */
export async function claimCorreo(db: Db, afterId: number, maxIntentos: number): Promise<CorreoPendiente | undefined> {
  const siguiente = db
    .select({ id: correoSaliente.id })
    .from(correoSaliente)
    .where(
      and(
        isNull(correoSaliente.enviado_en),
        lt(correoSaliente.intentos, maxIntentos),
        gt(correoSaliente.id, afterId),
        or(isNull(correoSaliente.reclamado_hasta), lt(correoSaliente.reclamado_hasta, sql`now()`)),
      ),
    )
    .orderBy(correoSaliente.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [fila] = await db
    .update(correoSaliente)
    .set({ intentos: sql`${correoSaliente.intentos} + 1`, reclamado_hasta: LEASE })
    .where(inArray(correoSaliente.id, siguiente))
    .returning({ id: correoSaliente.id, para: correoSaliente.para, asunto: correoSaliente.asunto, texto: correoSaliente.texto, html: correoSaliente.html });
  return fila;
}

export async function markCorreoEnviado(db: Db, id: number): Promise<void> {
  await db.update(correoSaliente).set({ enviado_en: new Date(), ultimo_error: null }).where(eq(correoSaliente.id, id));
}

export async function markCorreoFallido(db: Db, id: number, error: string): Promise<void> {
  // Released: the next pass of any process retries it.
  await db.update(correoSaliente).set({ ultimo_error: error, reclamado_hasta: null }).where(eq(correoSaliente.id, id));
}

/** Messages still to send (under `maxIntentos` tries), and the ones given up on, for GET /metrics. */
export async function countCorreosPendientes(db: Db, maxIntentos: number): Promise<{ pendientes: number; fallidos: number }> {
  const [row] = await db
    .select({
      pendientes: sql<number>`count(*) filter (where ${correoSaliente.intentos} < ${maxIntentos})::int`,
      fallidos: sql<number>`count(*) filter (where ${correoSaliente.intentos} >= ${maxIntentos})::int`,
    })
    .from(correoSaliente)
    .where(isNull(correoSaliente.enviado_en));
  return { pendientes: row?.pendientes ?? 0, fallidos: row?.fallidos ?? 0 };
}
