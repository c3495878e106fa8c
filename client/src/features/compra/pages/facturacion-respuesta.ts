import { z } from '#common/zod-es';
import { STORAGE_KEYS, storedJson } from '../../../lib/storage';

/**
 * The buyer's answer to docs/producto.md §2's billing question ('Sí': the form, 'No': the summary), for one
 * quotation: a reload of /facturacion opens where the buyer was instead of asking again. A new
 * quotation asks again (another id), so does coming back after 'Volver' (the buyer may be changing
 * their mind), and the order's confirmation clears it with the flow.
 */
const respuestaSchema = z.object({ cotizacion_id: z.number().int().positive(), conFacturacion: z.boolean() });

const guardada = storedJson('session', STORAGE_KEYS.facturacionRespuesta, respuestaSchema);

/** The answer given for this quotation, or undefined when the question is still open. */
export function respuestaFacturacion(cotizacionId: number): boolean | undefined {
  const r = guardada.get();
  return r?.cotizacion_id === cotizacionId ? r.conFacturacion : undefined;
}

export const guardarRespuestaFacturacion = (cotizacionId: number, conFacturacion: boolean) => guardada.set({ cotizacion_id: cotizacionId, conFacturacion });

/** 'Volver' to the results: the next visit asks again. */
export const olvidarRespuestaFacturacion = () => guardada.remove();
