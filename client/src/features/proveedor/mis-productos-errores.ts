import { ApiError } from '../../lib/api-client';
import { ERROR_DE_RED } from '../../lib/api-errors';

// docs/producto.md §8 Supplier product edit (PATCH), by status.
export const NO_AUTORIZADO = 'No estás autorizado para realizar esta acción. Por favor, inicia sesión.';
export const NO_ENCONTRADO = 'El producto no fue encontrado. Puede que haya sido eliminado.';
export const INESPERADO = 'Ocurrió un error inesperado. Por favor, inténtalo de nuevo.';
export const ACTUALIZADO = 'Producto actualizado correctamente.';
export const ELIMINADO = 'Producto eliminado correctamente.';
/** Ours: the lot removed, named by what it held ('Lote de 150 kg con vencimiento el … eliminado correctamente.'). */
export const loteEliminado = (lote: string) => `Lote de ${lote} eliminado correctamente.`;

/** Every message of a DRF body ({field: [msgs]} or {detail}), in order, as one sentence. */
function mensajesDe(data: unknown): string {
  if (typeof data !== 'object' || data === null) return '';
  return Object.entries(data)
    .filter(([key]) => key !== 'code')
    .flatMap(([, v]) => (Array.isArray(v) ? v : [v]))
    .filter((m): m is string => typeof m === 'string')
    .join(' ');
}

/** docs/producto.md §8: 400 'Error de validación: ' plus the server's data; 401, 404, other statuses, no response. */
export function mensajeErrorEdicion(error: unknown): string {
  if (error instanceof TypeError) return ERROR_DE_RED;
  if (!(error instanceof ApiError)) return INESPERADO;
  if (error.status === 400) return `Error de validación: ${mensajesDe(error.data)}`.trim();
  if (error.status === 401) return NO_AUTORIZADO;
  if (error.status === 404) return NO_ENCONTRADO;
  return INESPERADO;
}
