import { parentPort } from 'node:worker_threads';
import { canastaOptima, cargarHighs, type OpcionesCanasta } from './canasta';
import { type CanastaEmpaquetada, desempaquetar } from './paquete';

/** A basket to solve, as canasta/thread.ts posts it. */
export interface PedidoCanasta {
  id: number;
  canasta: CanastaEmpaquetada;
  opciones: OpcionesCanasta;
  /** When it was sent (Date.now()): the budget counts the time it waited behind others. */
  enviadoEn: number;
}

// Compiled now, not within the first basket's budget.
cargarHighs().catch(() => {});

// The solver's thread (canasta/thread.ts): HiGHS holds it for up to the budget, never the request thread.
parentPort!.on('message', async ({ id, canasta, opciones, enviadoEn }: PedidoCanasta) => {
  try {
    const { lineas, terminos } = desempaquetar(canasta);
    parentPort!.postMessage({ id, canasta: await canastaOptima(lineas, terminos, { ...opciones, esperaMs: Date.now() - enviadoEn }) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
