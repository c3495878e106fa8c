import { erroresFila, filaDeMensaje, sinFila } from '#common/schemas/cotizaciones-filas';
import { ApiError } from '../../../lib/api-client';
import { readable } from '../../../lib/api-errors';

/** /cotizar's rule for a quantity typed in a cell (a whole number from 1 to 9999), its message without the row. */
export function errorCantidad(texto: string): string | undefined {
  const [error] = erroresFila({ cantidad: texto }, 1, { campos: ['cantidad'] });
  return error && sinFila(error.mensaje);
}

/** The server's messages of one row (n from 1) out of a list's 'productos' errors. */
export const erroresDeFila = (mensajes: readonly string[], n: number) => mensajes.filter((m) => filaDeMensaje(m) === n).map(sinFila);

/** Every readable message the server gave under `productos` (a list's rows), in order. */
export function mensajesDeProductos(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const valor = (error.data as { productos?: unknown } | null)?.productos;
  return (Array.isArray(valor) ? valor : [valor]).flatMap((m) => readable(m) ?? []);
}
