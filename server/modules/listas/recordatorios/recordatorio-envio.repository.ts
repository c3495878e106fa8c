import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { lista, recordatorioEnvio } from '#server/db/schema/listas';
import { usuario } from '#server/db/schema/usuario';

/** One occurrence of a list's reminder: the job's key. */
export interface Ocurrencia {
  lista_id: number;
  ocurrencia: Date;
}

/** An occurrence claimed by this process until `reclamado_hasta`: that lease and the attempt it counted mark who holds it. */
export interface OcurrenciaReclamada extends Ocurrencia {
  reclamado_hasta: Date;
  intentos: number;
}

/** The lists whose reminder falls on one of these days of the week (1 lunes … 7 domingo), and since when it is set. */
export async function findListasConRecordatorio(db: Db, dias: readonly number[]) {
  const rows = await db
    .select({ id: lista.id, dia: lista.recordatorio_dia, hora: lista.recordatorio_hora, recordatorio_desde: lista.recordatorio_desde })
    .from(lista)
    .where(and(isNotNull(lista.recordatorio_dia), inArray(lista.recordatorio_dia, [...dias])));
  return rows.map((r) => ({ id: r.id, dia: r.dia!, hora: r.hora!, recordatorio_desde: r.recordatorio_desde }));
}

/**
 * Writes the occurrences that fell due. The primary key lets one row per occurrence through,
 * whichever processes write it; one whose list was deleted meanwhile is not written.
 */
export async function insertOcurrencias(db: Db, ocurrencias: readonly Ocurrencia[]): Promise<void> {
  if (ocurrencias.length === 0) return;
  const valores = sql.join(
    ocurrencias.map((o) => sql`(${o.lista_id}::int, ${o.ocurrencia.toISOString()}::timestamptz)`),
    sql`, `,
  );
  // From the lists that still exist: a list deleted since it was read takes its occurrence with it.
  await db.execute(sql`
    insert into ${recordatorioEnvio} (lista_id, ocurrencia)
    select v.lista_id, v.ocurrencia from (values ${valores}) as v(lista_id, ocurrencia)
    where exists (select 1 from ${lista} where ${lista.id} = v.lista_id)
    on conflict do nothing`);
}

/**
 * Claims the oldest occurrence still to prepare (not done, under `maxIntentos` tries, no live
 * lease, not older than `desde`) and counts the attempt, in one statement: SKIP LOCKED keeps two
 * claims of one instant apart, the lease keeps the others off it while this one works.
 */
export async function claimOcurrencia(
  db: Db,
  { ahora, desde, hasta, maxIntentos }: { ahora: Date; desde: Date; hasta: Date; maxIntentos: number },
): Promise<OcurrenciaReclamada | undefined> {
  const siguiente = db
    .select({ lista_id: recordatorioEnvio.lista_id, ocurrencia: recordatorioEnvio.ocurrencia })
    .from(recordatorioEnvio)
    .where(
      and(
        isNull(recordatorioEnvio.hecho_en),
        lt(recordatorioEnvio.intentos, maxIntentos),
        gt(recordatorioEnvio.ocurrencia, desde),
        or(isNull(recordatorioEnvio.reclamado_hasta), lt(recordatorioEnvio.reclamado_hasta, ahora)),
      ),
    )
    .orderBy(recordatorioEnvio.ocurrencia)
    .limit(1)
    .for('update', { skipLocked: true });
  const [fila] = await db
    .update(recordatorioEnvio)
    .set({ intentos: sql`${recordatorioEnvio.intentos} + 1`, reclamado_hasta: hasta })
    .where(sql`(${recordatorioEnvio.lista_id}, ${recordatorioEnvio.ocurrencia}) in (${siguiente})`)
    .returning({
      lista_id: recordatorioEnvio.lista_id,
      ocurrencia: recordatorioEnvio.ocurrencia,
      reclamado_hasta: recordatorioEnvio.reclamado_hasta,
      intentos: recordatorioEnvio.intentos,
    });
  return fila && { ...fila, reclamado_hasta: fila.reclamado_hasta! };
}

const reclamadaPorMi = (o: OcurrenciaReclamada) =>
  and(
    eq(recordatorioEnvio.lista_id, o.lista_id),
    eq(recordatorioEnvio.ocurrencia, o.ocurrencia),
    eq(recordatorioEnvio.reclamado_hasta, o.reclamado_hasta),
    eq(recordatorioEnvio.intentos, o.intentos),
    isNull(recordatorioEnvio.hecho_en),
  );

/**
 * Marks an occurrence prepared, if this process still holds it (its lease did not run out and go
 * to another): false otherwise, and the caller then sends nothing.
 */
export async function markOcurrenciaHecha(
  db: Db,
  o: OcurrenciaReclamada,
  hecho: { cotizacion_id: number; total: number; respuesta: string; hecho_en: Date },
): Promise<boolean> {
  const filas = await db
    .update(recordatorioEnvio)
    .set({ ...hecho, ultimo_error: null })
    .where(reclamadaPorMi(o))
    .returning({ lista_id: recordatorioEnvio.lista_id });
  return filas.length > 0;
}

/** Keeps why an attempt failed, if this process still holds it; the lease, left to `reintentoEn`, holds the next attempt until then. */
export async function markOcurrenciaFallida(db: Db, o: OcurrenciaReclamada, error: string, reintentoEn: Date): Promise<boolean> {
  const filas = await db
    .update(recordatorioEnvio)
    .set({ ultimo_error: error.slice(0, 2000), reclamado_hasta: reintentoEn })
    .where(reclamadaPorMi(o))
    .returning({ lista_id: recordatorioEnvio.lista_id });
  return filas.length > 0;
}

/** Whom a list's reminder e-mails: its owner (an active account), and the list's name. */
export async function findDestinoDeLista(db: Db, listaId: number) {
  const [row] = await db
    .select({ lista_id: lista.id, nombre: lista.nombre, usuario_id: usuario.id, email: usuario.email, first_name: usuario.first_name })
    .from(lista)
    .innerJoin(usuario, eq(usuario.id, lista.usuario_id))
    .where(and(eq(lista.id, listaId), eq(usuario.is_active, true)));
  return row;
}
