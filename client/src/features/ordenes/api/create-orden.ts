import { useMutation } from '@tanstack/react-query';
import type { OrdenData } from '../../../../../common/schemas/ordenes';
import { api } from '../../../lib/api-client';
// The choice the results screen kept: an order is placed on it, so an unsaved one is saved first.
import type { Eleccion } from '../../comparacion/api/eleccion-storage';
import { saveEleccion } from '../../comparacion/api/update-seleccion';
import { type DatosFacturacion, historialOrdenes } from './historial-ordenes';

interface CreateOrdenArgs {
  body: OrdenData;
  /** The buyer's choice on the results screen, when session storage still has it. */
  eleccion: Eleccion | null;
  /** The flow's clave header, for an anonymous quotation (docs/decisions/005). */
  headers: Record<string, string> | undefined;
  /** The billing data as the order history shows it (names, not ids). */
  facturacion: DatosFacturacion;
}

/**
 * SPEC §4.6: POST crear-orden. A choice whose save failed on Comprar (silently, SPEC §8) is saved
 * now, so the order is what the buyer last saw; if the server refuses it, the order is not placed.
 */
export async function createOrden({ body, eleccion, headers }: CreateOrdenArgs): Promise<{ orden_id: number }> {
  if (eleccion && eleccion.cotizacion_id === body.cotizacion_id && !eleccion.guardada) await saveEleccion({ eleccion, headers });
  return api<{ orden_id: number }>('/api/facturacion/crear-orden/', { method: 'POST', body, auth: true, headers });
}

/** SPEC §3 historialOrdenes: one entry per order (a repeated submit answers the same orden_id). */
function recordOrden(orden_id: number, datos_facturacion: DatosFacturacion) {
  const historial = historialOrdenes.get() ?? [];
  if (historial.some((o) => o.orden_id === orden_id)) return;
  historialOrdenes.set([...historial, { orden_id, fecha: new Date().toISOString(), datos_facturacion }]);
}

export const useCreateOrden = () =>
  useMutation({
    mutationFn: createOrden,
    onSuccess: (res, { facturacion }) => recordOrden(res.orden_id, facturacion),
  });
