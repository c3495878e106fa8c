import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CambioEstadoInput, PedidoDetalle } from '#common/schemas/pedidos';
import { api } from './api-client';
import { ORDENES_KEY } from './historial-ordenes';
import { PEDIDOS_KEY } from './pedidos';

// The state change the supplier asks for (features/pedidos) and the buyer too, to annul (features/ordenes).

/** POST /api/pedidos/{id}/estado/ — the supplier moves its pedido; the buyer annuls it. */
export const changeEstado = ({ id, body }: { id: number; body: CambioEstadoInput }) =>
  api<PedidoDetalle>(`/api/pedidos/${id}/estado/`, { method: 'POST', body, auth: true });

/** Every view of pedidos and orders is read again afterwards: the inbox, its count, the detail, the buyer's orders. */
export function useChangeEstado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEstado,
    onSuccess: (pedido) => queryClient.setQueryData([...PEDIDOS_KEY, pedido.id], pedido),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: PEDIDOS_KEY }), queryClient.invalidateQueries({ queryKey: ORDENES_KEY })]),
  });
}
