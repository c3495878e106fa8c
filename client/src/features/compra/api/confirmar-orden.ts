import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrdenConfirmada } from '#common/schemas/ordenes';
import { api } from '../../../lib/api-client';
import { ORDENES_KEY, SIN_DATOS_FACTURACION } from '../../../lib/historial-ordenes';
import { recordOrden } from './create-orden';
import { porConfirmar } from './por-confirmar';

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
      recordOrden(orden, porConfirmar.take(orden.cotizacion_id) ?? SIN_DATOS_FACTURACION, undefined);
      void queryClient.invalidateQueries({ queryKey: ORDENES_KEY });
    },
  });
}
