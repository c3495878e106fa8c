import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CambioEstadoInput, PedidoDetalle } from '#common/schemas/pedidos';
import { ApiError, api } from './api-client';
import { ORDENES_KEY } from './historial-ordenes';

// What the buyer's orders (features/ordenes) and the supplier's pedidos (features/pedidos) share:
// the pedidos' query key, how a record's read is retried, and the state change both sides ask for.

/** Every query of the supplier's pedidos starts with this key: a state change reads them again. */
export const PEDIDOS_KEY = ['pedidos'] as const;

/**
 * The retry of one record's read (a pedido, an order, a tracking link): a 404 (someone else's, or
 * no such record) is an answer that the screen shows at once, not a failure to try again.
 */
export const retryServerFailures = (failureCount: number, error: unknown) => failureCount < 1 && !(error instanceof ApiError && error.status < 500);

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
