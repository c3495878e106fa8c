import { ApiError } from '../../../lib/api-client';
import { parseApiError, readable } from '../../../lib/api-errors';
import type { FilaCotizacion } from '../api/cotizacion-storage';
import type { CampoFila, ValidacionFilas } from './filas-cotizacion';

const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);
const CAMPOS: readonly string[] = ['categoria', 'origen', 'marca', 'producto', 'cantidad'];

/**
 * The server's refusal of a request, on the rows it names: {productos: {"0": {cantidad: [msg]}}}
 * (the index is the row's, since only a table without errors is sent), a row-wide message on
 * its product, anything else as the form's general message.
 */
export function erroresDelServidor(error: unknown, filas: readonly FilaCotizacion[]): Pick<ValidacionFilas, 'errores' | 'general'> {
  const errores: ValidacionFilas['errores'] = {};
  let general = parseApiError(error).general ?? null;
  const productos = error instanceof ApiError && typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>).productos : undefined;
  if (productos && typeof productos === 'object' && !Array.isArray(productos)) {
    for (const [indice, valor] of Object.entries(productos)) {
      const fila = filas[Number(indice)];
      if (!fila) continue;
      const deFila: Partial<Record<CampoFila, string>> = {};
      if (valor && typeof valor === 'object' && !Array.isArray(valor)) {
        for (const [campo, mensajes] of Object.entries(valor)) {
          const mensaje = readable(first(mensajes));
          if (mensaje) deFila[(CAMPOS.includes(campo) ? campo : 'producto') as CampoFila] = mensaje;
        }
      } else {
        const mensaje = readable(first(valor));
        if (mensaje) deFila.producto = mensaje;
      }
      if (Object.keys(deFila).length > 0) errores[fila.key] = deFila;
    }
  } else if (productos !== undefined) general ??= readable(first(productos)) ?? null;
  return { errores, general };
}
