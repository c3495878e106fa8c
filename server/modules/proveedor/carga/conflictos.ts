import { centesimas } from '#common/numeros';
import type { ConflictoStock, FilaCarga } from '#common/schemas/proveedor-carga';

/**
 * A PRODUCTOS_REGISTRADOS.xlsx made before buyers ordered must not put sold
 * stock back. The file says, per row, what the offer's lots of that expiry date held when it was
 * made (COLUMNA_STOCK_AL_DESCARGAR); a row whose lots hold something else now is a conflict the
 * supplier settles, never a blind write. Pure: the upload and the confirmation (under the lots'
 * lock) ask the same question with what the lots hold at their moment (docs/decisions/008).
 */

/** The key of an offer's lots of one expiry date in a StockPorFecha. */
export const claveStock = (ofertaId: number, fecha: string) => `${ofertaId}|${fecha}`;
/** What an offer's lots of each expiry date hold together (claveStock → quantity). */
export type StockPorFecha = Map<string, number>;

/**
 * What a valid row of an offer the supplier has does to its lots of the row's date, which hold
 * `actual` now: 'aplicar' (they become the row's Stock), 'mantener' (untouched: no Stock, or the
 * supplier chose the lots as they are) or a conflict to show. No conflict when the file does not
 * say what they held, when they still hold it, or when the row asks for what they already hold.
 * The file's number wins only if the supplier chose it against what the lots hold now: chosen
 * against a number an order has changed since, it is asked again.
 */
export function decideStock(fila: Pick<FilaCarga, 'stock' | 'stock_al_descargar' | 'conflicto'>, actual: number): 'aplicar' | 'mantener' | ConflictoStock {
  if (fila.stock === null) return 'mantener';
  if (fila.conflicto?.usar === 'actual') return 'mantener';
  const alDescargar = fila.stock_al_descargar;
  if (alDescargar === null || alDescargar === undefined) return 'aplicar';
  // Stock is numeric(12,2): compared in hundredths, so 0.1 + 0.2 is 0.3.
  const ahora = centesimas(actual);
  if (centesimas(fila.stock) === ahora || centesimas(alDescargar) === ahora) return 'aplicar';
  if (fila.conflicto?.usar === 'archivo' && centesimas(fila.conflicto.stock_actual) === ahora) return 'aplicar';
  return { stock_al_descargar: alDescargar, stock_actual: actual, usar: null };
}
