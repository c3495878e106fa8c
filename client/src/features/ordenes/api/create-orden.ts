import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrdenCreada, OrdenData } from '../../../../../common/schemas/ordenes';
import { api } from '../../../lib/api-client';
import { type DatosFacturacion, historialOrdenes, ORDENES_KEY } from '../../../lib/historial-ordenes';

interface CreateOrdenArgs {
  body: OrdenData;
  /** The flow's clave header, for an anonymous quotation (docs/decisions/005). */
  headers: Record<string, string> | undefined;
  /** The billing data as the order history shows it (names, not ids). */
  facturacion: DatosFacturacion;
  /** The logged-in buyer's id: that account's /ordenes lists the order from the server. */
  usuarioId: number | undefined;
}

/**
 * SPEC §4.6: POST crear-orden. It buys the quotation's choice as the server holds it, which is
 * what /facturacion's summary showed (the page saves an unsaved choice before reading it).
 */
export const createOrden = ({ body, headers }: CreateOrdenArgs) =>
  api<OrdenCreada>('/api/facturacion/crear-orden/', { method: 'POST', body, auth: true, headers });

/** SPEC §3 historialOrdenes: one entry per order (a repeated submit answers the same orden_id, without its tracking token). */
function recordOrden({ orden_id, seguimiento }: OrdenCreada, { facturacion, usuarioId }: CreateOrdenArgs) {
  const historial = historialOrdenes.get() ?? [];
  if (historial.some((o) => o.orden_id === orden_id)) return;
  historialOrdenes.set([...historial, { orden_id, fecha: new Date().toISOString(), datos_facturacion: facturacion, usuario_id: usuarioId, seguimiento }]);
}

export function useCreateOrden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrden,
    onSuccess: (orden, args) => {
      recordOrden(orden, args);
      // The buyer's orders on the server have a new first one.
      void queryClient.invalidateQueries({ queryKey: ORDENES_KEY });
    },
  });
}
