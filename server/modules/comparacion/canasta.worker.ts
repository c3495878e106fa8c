import { parentPort } from 'node:worker_threads';
import type { TerminosDespacho } from '../../../common/despacho';
import { canastaOptima, type OpcionesCanasta, PRESUPUESTO_CANASTA_MS } from './canasta';
import { desempaquetar, type LineasEmpaquetadas } from './canasta-paquete';

/** A basket to solve, as canasta-thread.ts posts it. */
export interface PedidoCanasta {
  id: number;
  lineas: LineasEmpaquetadas;
  terminos: Array<[number, TerminosDespacho]>;
  opciones: OpcionesCanasta;
  /** When it was sent (Date.now()): the budget counts the time it waited behind others. */
  enviadoEn: number;
}

// The solver's thread (canasta-thread.ts): HiGHS holds it for up to the budget, never the request thread.
parentPort!.on('message', async ({ id, lineas, terminos, opciones, enviadoEn }: PedidoCanasta) => {
  try {
    const presupuestoMs = Math.max(0, (opciones.presupuestoMs ?? PRESUPUESTO_CANASTA_MS) - (Date.now() - enviadoEn));
    parentPort!.postMessage({ id, canasta: await canastaOptima(desempaquetar(lineas), new Map(terminos), { ...opciones, presupuestoMs }) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
