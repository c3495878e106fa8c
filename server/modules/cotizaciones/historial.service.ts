import type { HistorialPage } from '#common/schemas/historial';
import type { Db } from '#server/db/client';
import { notFound } from '#server/errors';
import { findHistorial, hideCotizacion } from './historial.repository';

export const COTIZACION_NO_ENCONTRADA = 'Cotización no encontrada.';

export const listHistorial = (db: Db, usuarioId: number, page: number): Promise<HistorialPage> => findHistorial(db, usuarioId, page);

/**
 * Deletes a quotation from its account's history only: the quotation stays for its order, its
 * options and any link to its results (docs/decisions/022). Another account's, or one already
 * deleted, is a 404 as one that does not exist.
 */
export async function removeDelHistorial(db: Db, usuarioId: number, cotizacionId: number, ahora: Date): Promise<void> {
  if (!(await hideCotizacion(db, usuarioId, cotizacionId, ahora))) throw notFound(COTIZACION_NO_ENCONTRADA);
}
