import type { FastifyBaseLogger } from 'fastify';
import type { CompararPrecios } from '#common/schemas/comparacion';
import { AppError } from '#server/errors';
import type { Mailer } from '#server/mail/mailer';
import { type Comparador, cotizarLista } from '../cotizar-lista.service';
import { diasPosibles, GRACIA_MS, ocurrenciaPendiente } from './ocurrencia';
import { correoListaCotizada, correoListaNoCotizada } from './recordatorio-correo';
import {
  claimOcurrencia,
  findDestinoDeLista,
  findListasConRecordatorio,
  insertOcurrencias,
  markOcurrenciaFallida,
  markOcurrenciaHecha,
  type OcurrenciaReclamada,
} from './recordatorio-envio.repository';

/** The Spanish message of a refusal: its detail, else its first field's message. */
const motivoDe = (error: AppError): string => {
  const body = error.body as Record<string, unknown>;
  if (typeof body.detail === 'string') return body.detail;
  const primero = Object.values(body).flat()[0];
  return typeof primero === 'string' ? primero : JSON.stringify(body);
};

/** How often each process looks for reminders that fell due: the e-mail leaves within this of its minute. */
export const RELOJ_MS = 15_000;
/** How long a claim keeps the other processes off an occurrence: far longer than a comparison takes. */
export const PLAZO_MS = 2 * 60_000;
/** Attempts of one occurrence; each failure waits a lease before the next. */
export const MAX_INTENTOS = 3;

/**
 * The weekly reminders of the lists (docs/producto.md §16, docs/decisions/021-recordatorios.md), one
 * per app: buildApp makes it, starts its clock when ready and stops it on close. On each tick it
 * writes the occurrences that fell due into recordatorio_envio (one row each, whichever process
 * writes it), then claims them one by one with a lease, quotes the list for its owner as
 * POST /api/listas/{id}/cotizar/ does, and in one transaction marks the row done and queues the
 * e-mail: one e-mail per occurrence however many processes tick. `now` is the clock, pinned by tests.
 */
export function createRecordatorios(options: { comparador: Comparador; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger; now?: () => Date }) {
  const { comparador, mailer, publicUrl, log, now = () => new Date() } = options;
  const { db } = comparador;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** The pass under way: passes of one process run one after the other. */
  let cola: Promise<void> = Promise.resolve();

  async function preparar(o: OcurrenciaReclamada, ahora: Date): Promise<void> {
    // Deleted since, or its account closed: its row went with the list, or it waits for nothing.
    const destino = await findDestinoDeLista(db, o.lista_id);
    if (!destino) return;
    try {
      const json = await cotizarLista(comparador, destino.usuario_id, destino.lista_id, {}, ahora);
      const texto = json.toString('utf8');
      const respuesta = JSON.parse(texto) as CompararPrecios;
      const url = `${publicUrl}/listas/${destino.lista_id}/cotizaciones/${respuesta.cotizacion_id}`;
      const correo = correoListaCotizada(destino.email, destino.first_name, destino.nombre, respuesta, url);
      const hecho = await db.transaction(async (tx) => {
        const propia = await markOcurrenciaHecha(tx, o, { cotizacion_id: respuesta.cotizacion_id, total: respuesta.total, respuesta: texto, hecho_en: now() });
        if (propia) await mailer.enqueue(tx, correo);
        return propia;
      });
      if (hecho) void mailer.kick();
    } catch (error) {
      log.warn({ err: error, lista: o.lista_id }, 'no se pudo preparar el recordatorio de una lista; se reintentará');
      // A refusal the buyer can fix (no main address, nothing on sale) is said to the buyer after the last attempt.
      const motivo = error instanceof AppError && error.statusCode < 500 ? motivoDe(error) : undefined;
      const aviso =
        motivo !== undefined && o.intentos >= MAX_INTENTOS
          ? correoListaNoCotizada(destino.email, destino.first_name, destino.nombre, motivo, `${publicUrl}/listas`)
          : undefined;
      const avisado = await db.transaction(async (tx) => {
        const propia = await markOcurrenciaFallida(tx, o, motivo ?? String(error), new Date(ahora.getTime() + PLAZO_MS));
        if (propia && aviso) await mailer.enqueue(tx, aviso);
        return propia && aviso !== undefined;
      });
      if (avisado) void mailer.kick();
    }
  }

  async function pasada(): Promise<void> {
    const ahora = now();
    const listas = await findListasConRecordatorio(db, diasPosibles(ahora));
    const debidas = listas.flatMap((l) => {
      const ocurrencia = ocurrenciaPendiente({ dia: l.dia, hora: l.hora }, l.recordatorio_desde, ahora);
      return ocurrencia ? [{ lista_id: l.id, ocurrencia }] : [];
    });
    await insertOcurrencias(db, debidas);
    const desde = new Date(ahora.getTime() - GRACIA_MS);
    const hasta = new Date(ahora.getTime() + PLAZO_MS);
    for (;;) {
      if (stopped) return;
      const o = await claimOcurrencia(db, { ahora, desde, hasta, maxIntentos: MAX_INTENTOS });
      if (!o) return;
      await preparar(o, ahora);
    }
  }

  /** Runs a pass now (after the one under way); tests call it with a pinned clock. */
  function tick(): Promise<void> {
    cola = cola.then(pasada).catch((error) => log.error({ err: error }, 'falló la revisión de recordatorios'));
    return cola;
  }

  return {
    tick,
    start() {
      stopped = false;
      timer = setInterval(() => void tick(), RELOJ_MS);
      timer.unref();
      void tick();
    },
    /** Stops the clock and waits for the pass under way (the pool closes after). */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await cola;
    },
  };
}
export type Recordatorios = ReturnType<typeof createRecordatorios>;
