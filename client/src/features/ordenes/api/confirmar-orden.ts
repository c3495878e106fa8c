import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrdenConfirmada } from '../../../../../common/schemas/ordenes';
import { api } from '../../../lib/api-client';
import { type DatosFacturacion, ORDENES_KEY } from '../../../lib/historial-ordenes';
import { recordOrden } from './create-orden';
import { porConfirmar } from './por-confirmar';

/** Billing names unknown here: the order was placed in another browser (the e-mail opened on a phone). */
const SIN_FACTURACION: DatosFacturacion = {
  rut: '',
  razon_social: '',
  giro_comercial: '',
  direccion_facturacion: '',
  telefono: '',
  region: '',
  comuna: '',
  rubro: '',
  metodo_pago_nombre: '',
};

/**
 * POST /api/ordenes/confirmar/ with the token of the e-mail 'Confirma tu orden' (docs/decisions/007,
 * 'Órdenes sin cuenta'). Sent without the session: the order stays without an account whoever
 * confirms it, and an expired session must not stand in the way of the link.
 */
export const confirmarOrden = (token: string) => api<OrdenConfirmada>('/api/ordenes/confirmar/', { method: 'POST', body: { token } });

export function useConfirmarOrden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmarOrden,
    onSuccess: (orden) => {
      recordOrden(orden, porConfirmar.take(orden.cotizacion_id) ?? SIN_FACTURACION, undefined);
      void queryClient.invalidateQueries({ queryKey: ORDENES_KEY });
    },
  });
}
