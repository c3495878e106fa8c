import { parentPort } from 'node:worker_threads';
import type { TerminosDespacho } from '../../../common/despacho';
import { canastaOptima, type LineaCanasta, type OpcionesCanasta } from './canasta';

/** A basket to solve, as canasta-worker.ts posts it. */
export interface PedidoCanasta {
  id: number;
  lineas: LineaCanasta[];
  terminos: Array<[number, TerminosDespacho]>;
  opciones: OpcionesCanasta;
}

// The solver's thread (canasta-worker.ts): HiGHS holds it for up to the budget, never the request thread.
parentPort!.on('message', async ({ id, lineas, terminos, opciones }: PedidoCanasta) => {
  try {
    parentPort!.postMessage({ id, canasta: await canastaOptima(lineas, new Map(terminos), opciones) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
