import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import { CARGA_PROPIA_EN_CURSO, CARGAS_OCUPADAS } from '#common/schemas/proveedor-carga';
import { AppError } from '#server/errors';

/**
 * One supplier must not stall everyone. An upload of 50,000 rows is a worker
 * (up to WORKER_HEAP_MB) and, on the request thread, ~2 s of reading, matching and answering and
 * ~100 MB of rows: the process takes a few at a time, each supplier one after the other, and says
 * 429 beyond; and the request thread gives the loop back often while it works on one
 * (docs/decisions/008). A place is taken only once the file has arrived whole (carga.routes.ts):
 * a body sent a byte at a time holds its connection, never a place (docs/decisions/012).
 */

/** Uploads worked on at once in this process, from the file read to the last byte of the answer. */
export const MAX_ACTIVE_CARGAS = 1;
/** Suppliers whose upload may wait for a turn: a few seconds each, then 429. */
export const MAX_WAITING_CARGAS = 4;
/**
 * Per supplier: one worked on or waiting, and one more behind it in the supplier's own line (a
 * double click, a retry), which takes none of the shared places; a third is 429.
 */
export const MAX_CARGAS_PER_PROVEEDOR = 2;
/** What a 429 tells the client to wait (Retry-After), about what a turn takes. */
export const RETRY_AFTER_S = 10;

export interface UploadSlot {
  /** Resolves when the upload may be worked on. */
  turn: Promise<void>;
  /** Gives the place back (once; later calls do nothing), whether its turn came or not. */
  release(): void;
}

/**
 * The uploads' queue: at most `maxActive` at once; the others wait in arrival order, a supplier's
 * upload never beside another of its own (a queue per supplier inside the common one), so one
 * supplier sending many cannot take every turn. The shared places (`maxActive + maxWaiting`) are
 * counted by supplier: a supplier's second upload waits behind its first without taking one.
 * `reserve` answers at once: a place, or the 429; `check` says whether `reserve` would refuse now,
 * taking nothing (before a body is read: a full queue need not receive 5 MB to say so).
 */
export function createUploadQueue({ maxActive = MAX_ACTIVE_CARGAS, maxWaiting = MAX_WAITING_CARGAS, maxPerProveedor = MAX_CARGAS_PER_PROVEEDOR } = {}) {
  let active = 0;
  const activeProveedores = new Set<number>();
  const waiting: Array<{ proveedorId: number; start(): void }> = [];
  const heldPerProveedor = new Map<number, number>();
  const busy = (detail: string) => new AppError(429, { detail }, { 'retry-after': String(RETRY_AFTER_S) });

  const advance = () => {
    while (active < maxActive) {
      const i = waiting.findIndex((w) => !activeProveedores.has(w.proveedorId));
      if (i < 0) return;
      const [next] = waiting.splice(i, 1);
      active++;
      activeProveedores.add(next!.proveedorId);
      next!.start();
    }
  };

  function check(proveedorId: number) {
    const held = heldPerProveedor.get(proveedorId) ?? 0;
    if (held >= maxPerProveedor) throw busy(CARGA_PROPIA_EN_CURSO);
    if (held === 0 && heldPerProveedor.size >= maxActive + maxWaiting) throw busy(CARGAS_OCUPADAS);
  }

  function reserve(proveedorId: number): UploadSlot {
    check(proveedorId);
    heldPerProveedor.set(proveedorId, (heldPerProveedor.get(proveedorId) ?? 0) + 1);
    let state: 'waiting' | 'active' | 'released' = 'waiting';
    let entry!: { proveedorId: number; start(): void };
    const turn = new Promise<void>((resolve) => {
      entry = {
        proveedorId,
        start: () => {
          state = 'active';
          resolve();
        },
      };
    });
    waiting.push(entry);
    advance();
    return {
      turn,
      release() {
        if (state === 'released') return;
        if (state === 'active') {
          active--;
          activeProveedores.delete(proveedorId);
        } else waiting.splice(waiting.indexOf(entry), 1);
        state = 'released';
        const left = (heldPerProveedor.get(proveedorId) ?? 1) - 1;
        if (left === 0) heldPerProveedor.delete(proveedorId);
        else heldPerProveedor.set(proveedorId, left);
        advance();
      },
    };
  }

  return { check, reserve, size: () => ({ active, waiting: waiting.length }) };
}
export type UploadQueue = ReturnType<typeof createUploadQueue>;

/**
 * Work on the request thread in slices: `due()` says this task has held the loop `ms` since it
 * last gave it back, `yieldNow()` gives it back for one turn (timers, sockets, other requests) and
 * starts a new slice. Checked per row, so no slice grows with the file.
 */
export function createYielder(ms = 8) {
  let since = performance.now();
  return {
    due: () => performance.now() - since >= ms,
    async yieldNow() {
      await nextLoopTurn();
      since = performance.now();
    },
  };
}
export type Yielder = ReturnType<typeof createYielder>;
