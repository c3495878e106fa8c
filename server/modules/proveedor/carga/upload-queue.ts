import { setImmediate as otraVuelta } from 'node:timers/promises';
import { CARGA_PROPIA_EN_CURSO, CARGAS_OCUPADAS } from '../../../../common/schemas/proveedor-carga';
import { AppError } from '../../../errors';

/**
 * Issue #20 item 5: one supplier must not stall everyone. An upload of 50,000 rows is a worker
 * (up to WORKER_HEAP_MB) and, on the request thread, ~2 s of reading, matching and answering and
 * ~100 MB of rows: the process takes a few at a time, each supplier one after the other, and says
 * 429 beyond; and the request thread gives the loop back often while it works on one
 * (docs/decisions/008).
 */

/** Uploads worked on at once in this process, from the file read to the last byte of the answer. */
export const MAX_CARGAS_ACTIVAS = 1;
/** Uploads that may wait for a turn, all suppliers together: a few seconds each, then 429. */
export const MAX_CARGAS_EN_ESPERA = 4;
/** Per supplier: one worked on and one waiting behind it (a double click, a retry); a third is 429. */
export const MAX_CARGAS_POR_PROVEEDOR = 2;
/** What a 429 tells the client to wait (Retry-After), about what a turn takes. */
export const REINTENTAR_EN_S = 10;

export interface UploadSlot {
  /** Resolves when the upload may be worked on. */
  turn: Promise<void>;
  /** Gives the place back (once; later calls do nothing), whether its turn came or not. */
  release(): void;
}

/**
 * The uploads' queue: at most `activas` at once; the others wait in arrival order, a supplier's
 * upload never beside another of its own (a queue per supplier inside the common one), so one
 * supplier sending many cannot take every turn. `reserve` answers at once: a place, or the 429.
 */
export function createUploadQueue({ activas = MAX_CARGAS_ACTIVAS, enEspera = MAX_CARGAS_EN_ESPERA, porProveedor = MAX_CARGAS_POR_PROVEEDOR } = {}) {
  let trabajando = 0;
  const conTurno = new Set<number>();
  const esperan: Array<{ proveedorId: number; empezar(): void }> = [];
  const porProveedorEnCola = new Map<number, number>();
  const ocupado = (detail: string) => new AppError(429, { detail }, { 'retry-after': String(REINTENTAR_EN_S) });

  const avanzar = () => {
    while (trabajando < activas) {
      const i = esperan.findIndex((e) => !conTurno.has(e.proveedorId));
      if (i < 0) return;
      const [siguiente] = esperan.splice(i, 1);
      trabajando++;
      conTurno.add(siguiente!.proveedorId);
      siguiente!.empezar();
    }
  };

  function reserve(proveedorId: number): UploadSlot {
    const propias = porProveedorEnCola.get(proveedorId) ?? 0;
    if (propias >= porProveedor) throw ocupado(CARGA_PROPIA_EN_CURSO);
    if (trabajando + esperan.length >= activas + enEspera) throw ocupado(CARGAS_OCUPADAS);
    porProveedorEnCola.set(proveedorId, propias + 1);
    let estado: 'espera' | 'trabaja' | 'libre' = 'espera';
    let entrada!: { proveedorId: number; empezar(): void };
    const turn = new Promise<void>((resolve) => {
      entrada = {
        proveedorId,
        empezar: () => {
          estado = 'trabaja';
          resolve();
        },
      };
    });
    esperan.push(entrada);
    avanzar();
    return {
      turn,
      release() {
        if (estado === 'libre') return;
        if (estado === 'trabaja') {
          trabajando--;
          conTurno.delete(proveedorId);
        } else esperan.splice(esperan.indexOf(entrada), 1);
        estado = 'libre';
        const quedan = (porProveedorEnCola.get(proveedorId) ?? 1) - 1;
        if (quedan === 0) porProveedorEnCola.delete(proveedorId);
        else porProveedorEnCola.set(proveedorId, quedan);
        avanzar();
      },
    };
  }

  return { reserve, estado: () => ({ trabajando, esperan: esperan.length }) };
}
export type UploadQueue = ReturnType<typeof createUploadQueue>;

/** The process's one queue: the memory and the request thread it shares out are the process's. */
export const uploadQueue = createUploadQueue();

/**
 * Work on the request thread in slices: `due()` says this task has held the loop `ms` since it
 * last gave it back, `yieldNow()` gives it back for one turn (timers, sockets, other requests) and
 * starts a new slice. Checked per row, so no slice grows with the file.
 */
export function createYielder(ms = 8) {
  let desde = performance.now();
  return {
    due: () => performance.now() - desde >= ms,
    async yieldNow() {
      await otraVuelta();
      desde = performance.now();
    },
  };
}
export type Yielder = ReturnType<typeof createYielder>;
