import { formatCantidad } from './format';
import { centesimas, isCentesimal } from './numeros';

/**
 * The rule of a partial confirmation's quantity (docs/producto.md §18, docs/decisions/026): the
 * server refuses with it and the supplier's form warns with it before sending. From 0 (none of it)
 * to what was ordered, with at most two decimals as numeric(12,2) keeps it; crear-orden takes two
 * decimals in kg and in boxes alike, so a box may be confirmed as 2,5 as it may be ordered so.
 */
export const CANTIDAD_NO_NUMERO = 'La cantidad debe ser un número.';
export const CANTIDAD_NEGATIVA = 'La cantidad no puede ser negativa.';
export const CANTIDAD_DOS_DECIMALES = 'La cantidad puede tener como máximo 2 decimales.';
export const cantidadSobrePedida = (pedida: number, unidad: string) => `No puedes confirmar más de lo pedido (${formatCantidad(pedida, unidad)}).`;

/** Why `cantidad` cannot be confirmed of a line that ordered `pedida` of `unidad`; undefined when it can. */
export function errorCantidadConfirmada(cantidad: number, pedida: number, unidad: string): string | undefined {
  if (!Number.isFinite(cantidad)) return CANTIDAD_NO_NUMERO;
  if (cantidad < 0) return CANTIDAD_NEGATIVA;
  if (!isCentesimal(cantidad)) return CANTIDAD_DOS_DECIMALES;
  if (centesimas(cantidad) > centesimas(pedida)) return cantidadSobrePedida(pedida, unidad);
  return undefined;
}
