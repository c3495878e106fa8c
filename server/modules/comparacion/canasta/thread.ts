import type { Worker } from 'node:worker_threads';
import type { TerminosDespacho } from '#common/despacho';
import { type Canasta, canastaOptima, type LineaCanasta, type OpcionesCanasta, type ViaCanasta } from './canasta';
import { startWorker } from '#server/workers/start-worker';
import { empaquetar } from './paquete';
import type { PedidoCanasta } from './canasta.worker';

/**
 * The delivered basket off the request thread ("it runs off the request thread if it
 * can take long"). A basket whose suppliers have no minimum and no fee is the per-line engine's,
 * a few milliseconds: solved here, as before terms existed. Any other may need HiGHS for up to its
 * budget (docs/decisions/014): it goes to one worker thread, in order, so a comparison with terms
 * never holds the event loop for other requests; the budget counts from when the basket was sent,
 * so one that waited behind others answers its best plan sooner. If the worker cannot run, the basket is solved here.
 */

const conTerminos = (lineas: readonly LineaCanasta[], terminos: ReadonlyMap<number, TerminosDespacho>) =>
  lineas.some((l) =>
    l.ofertas.some((o) => {
      const t = terminos.get(o.proveedor_id);
      return t !== undefined && (t.monto_minimo > 0 || t.costo_despacho > 0);
    }),
  );

/** Who hears how long each basket took and how it was answered (GET /metrics' histogram). */
type CanastaObserver = (via: ViaCanasta | 'sin-terminos', segundos: number) => void;

/**
 * The solver's thread and what it counts. One per process: main.ts makes it and hands it to
 * buildApp, which stops it only if it made it (an app built without one, in tests, gets its own).
 * A thread of its own for each app would be a second HiGHS loaded and warmed (~150–300 ms and its
 * memory) and a second core competing for the same 60 ms budgets, for no request that needs it.
 */
export function createCanastaThread() {
  let worker: Worker | undefined;
  let siguiente = 0;
  /** Baskets solved on the solver's thread, here because they had no terms, and here because the thread failed (for the operators' metrics, docs/decisions/016). */
  const stats = { hilo: 0, sinTerminos: 0, respaldo: 0 };
  const observers = new Set<CanastaObserver>();
  const observe = (via: ViaCanasta | 'sin-terminos', desde: number) => {
    const segundos = (performance.now() - desde) / 1000;
    for (const o of observers) o(via, segundos);
  };
  const pending = new Map<number, { resolve(c: Canasta): void; reject(e: Error): void }>();

  function getWorker(): Worker {
    if (worker) return worker;
    const w = startWorker(new URL('./canasta.worker.ts', import.meta.url));
    // An idle solver never keeps the process alive.
    w.unref();
    w.on('message', ({ id, canasta, error }: { id: number; canasta?: Canasta; error?: string }) => {
      const p = pending.get(id);
      pending.delete(id);
      if (canasta) p?.resolve(canasta);
      else p?.reject(new Error(error));
    });
    const fail = (e: Error) => {
      if (worker === w) worker = undefined;
      for (const p of pending.values()) p.reject(e);
      pending.clear();
    };
    w.on('error', fail);
    w.on('exit', () => fail(new Error('El hilo del solucionador terminó.')));
    worker = w;
    return w;
  }

  return {
    /**
     * Starts the thread now (the server calls it as it starts listening): it loads and warms
     * HiGHS, ~150–300 ms that the first comparison with terms spent out of its 60 ms budget, and
     * answered then without the search, some lines empty.
     */
    start(): void {
      getWorker();
    },

    /** canastaOptima, on the solver's thread when the basket has terms to weigh. */
    async solve(lineas: readonly LineaCanasta[], terminos: ReadonlyMap<number, TerminosDespacho>, opciones: OpcionesCanasta = {}): Promise<Canasta> {
      const desde = performance.now();
      if (!conTerminos(lineas, terminos)) {
        stats.sinTerminos++;
        const canasta = await canastaOptima(lineas, terminos, opciones);
        observe('sin-terminos', desde);
        return canasta;
      }
      try {
        const id = ++siguiente;
        const pedido: PedidoCanasta = { id, canasta: empaquetar(lineas, terminos), opciones, enviadoEn: Date.now() };
        const w = getWorker();
        w.ref();
        try {
          const canasta = await new Promise<Canasta>((resolve, reject) => {
            pending.set(id, { resolve, reject });
            w.postMessage(pedido, [pedido.canasta.numeros.buffer]);
          });
          stats.hilo++;
          observe(canasta.via, desde);
          return canasta;
        } finally {
          if (pending.size === 0) w.unref();
        }
      } catch {
        stats.respaldo++;
        const canasta = await canastaOptima(lineas, terminos, opciones);
        observe(canasta.via, desde);
        return canasta;
      }
    },

    /** What the solver did since the thread was made (for operators' metrics). */
    stats: () => ({ ...stats }),

    /** Calls `observer` after every basket solved; the function it returns stops that. */
    observe(observer: CanastaObserver): () => void {
      observers.add(observer);
      return () => observers.delete(observer);
    },

    /** Stops the thread (a clean shutdown, and tests); a later basket starts another. */
    async stop(): Promise<void> {
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
}
export type CanastaThread = ReturnType<typeof createCanastaThread>;
