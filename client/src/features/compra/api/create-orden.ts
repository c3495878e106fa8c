import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrdenCreada, OrdenData, OrdenPorConfirmar } from '#common/schemas/ordenes';
import { api } from '../../../lib/api-client';
import { type DatosFacturacion, historialOrdenes, ORDENES_KEY } from '../../../lib/historial-ordenes';
import { porConfirmar } from './por-confirmar';

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
 * docs/producto.md §4.6: POST crear-orden. It buys the quotation's choice as the server holds it, which is
 * what /facturacion's summary showed (the page saves an unsaved choice before reading it). Without
 * an account the answer is a 202: the order waits for its contact's confirmation by e-mail
 * (docs/decisions/007, 'Órdenes sin cuenta').
 */
export const createOrden = ({ body, headers }: CreateOrdenArgs) =>
  api<OrdenCreada | OrdenPorConfirmar>('/api/facturacion/crear-orden/', { method: 'POST', body, auth: true, headers });

/** docs/producto.md §3 historialOrdenes: one entry per order (a repeated submit answers the same orden_id, without its tracking token). */
export function recordOrden({ orden_id, seguimiento }: OrdenCreada, facturacion: DatosFacturacion, usuarioId: number | undefined) {
  const historial = historialOrdenes.get() ?? [];
  if (historial.some((o) => o.orden_id === orden_id)) return;
  historialOrdenes.set([...historial, { orden_id, fecha: new Date().toISOString(), datos_facturacion: facturacion, usuario_id: usuarioId, seguimiento }]);
}

export function useCreateOrden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrden,
    onSuccess: (orden, args) => {
      // Held: the history gets its entry when the link confirms it (in this browser, with these billing names).
      if ('por_confirmar' in orden) return porConfirmar.add(args.body.cotizacion_id, args.facturacion);
      recordOrden(orden, args.facturacion, args.usuarioId);
      // The buyer's orders on the server have a new first one.
      void queryClient.invalidateQueries({ queryKey: ORDENES_KEY });
    },
  });
}
