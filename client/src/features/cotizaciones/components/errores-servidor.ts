import { CAMPOS_FILA, type CampoFila, ETIQUETA_CAMPO, filaDeMensaje } from '#common/schemas/cotizaciones-filas';
import { ApiError } from '../../../lib/api-client';
import { parseApiError, readable } from '../../../lib/api-errors';
import type { FilaCotizacion } from '../../../lib/flujo-cotizacion/filas-storage';
import type { ValidacionFilas } from './filas-cotizacion';

/** The field a row message is about: the one it names ('El campo "Marca"…'), the quantity, else the product. */
function campoDe(mensaje: string): CampoFila {
  const nombrado = /El campo "([^"]+)"/.exec(mensaje)?.[1];
  const campo = CAMPOS_FILA.find((c) => ETIQUETA_CAMPO[c] === nombrado);
  if (campo) return campo;
  return /cantidad/i.test(mensaje) ? 'cantidad' : 'producto';
}

/**
 * The server's refusal of a request, on the rows it names. common/schemas/cotizaciones.ts: one
 * flat list under `productos`, each row's message starting 'Fila {n}: ' (only a table without
 * errors is sent, so n is the table's own row number); a message without a row is the form's.
 */
export function erroresDelServidor(error: unknown, filas: readonly FilaCotizacion[]): Pick<ValidacionFilas, 'errores' | 'general'> {
  const errores: ValidacionFilas['errores'] = {};
  let general = parseApiError(error).general ?? null;
  const data = error instanceof ApiError && typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};
  const mensajes = Array.isArray(data.productos) ? data.productos : [];
  for (const texto of mensajes) {
    const mensaje = readable(texto);
    if (!mensaje) continue;
    const n = filaDeMensaje(mensaje);
    const fila = n === undefined ? undefined : filas[n - 1];
    if (!fila) {
      general ??= mensaje;
      continue;
    }
    const campo = campoDe(mensaje);
    errores[fila.key] = { ...errores[fila.key], [campo]: errores[fila.key]?.[campo] ?? mensaje };
  }
  return { errores, general };
}
