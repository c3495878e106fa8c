import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CambioEstadoInput, FacturaPedidoData, PedidoDetalle, RecepcionData, RespuestaReclamoData } from '#common/schemas/pedidos';
import { api } from './api-client';
import { ORDENES_KEY } from './historial-ordenes';
import { PEDIDOS_KEY } from './pedidos';

// Every write on a pedido, by its supplier (features/pedidos) or its buyer (features/ordenes): each
// answers the pedido as it is now (docs/decisions/026).

interface PedidoWrite<B> {
  id: number;
  body: B;
}

/** POST /api/pedidos/{id}/estado/ — the supplier moves its pedido (confirming all or part of it); the buyer annuls it. */
export const changeEstado = ({ id, body }: PedidoWrite<CambioEstadoInput>) =>
  api<PedidoDetalle>(`/api/pedidos/${id}/estado/`, { method: 'POST', body, auth: true });

/** POST /api/pedidos/{id}/recepcion/ — its buyer records what arrived, line by line. */
export const saveRecepcion = ({ id, body }: PedidoWrite<RecepcionData>) =>
  api<PedidoDetalle>(`/api/pedidos/${id}/recepcion/`, { method: 'POST', body, auth: true });

/** POST /api/pedidos/{id}/reclamo/ — its supplier accepts the claim with a credit, or rejects it. */
export const answerReclamo = ({ id, body }: PedidoWrite<RespuestaReclamoData>) =>
  api<PedidoDetalle>(`/api/pedidos/${id}/reclamo/`, { method: 'POST', body, auth: true });

/** PATCH /api/pedidos/{id}/ — its supplier's invoice and payment. */
export const saveFactura = ({ id, body }: PedidoWrite<FacturaPedidoData>) => api<PedidoDetalle>(`/api/pedidos/${id}/`, { method: 'PATCH', body, auth: true });

/**
 * A write on a pedido: the answer becomes its detail at once, and every view of pedidos and orders
 * is read again afterwards (the inbox, its count, the detail, the buyer's orders).
 */
function usePedidoWrite<B>(mutationFn: (write: PedidoWrite<B>) => Promise<PedidoDetalle>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (pedido) => queryClient.setQueryData([...PEDIDOS_KEY, pedido.id], pedido),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: PEDIDOS_KEY }), queryClient.invalidateQueries({ queryKey: ORDENES_KEY })]),
  });
}

export const useChangeEstado = () => usePedidoWrite(changeEstado);
export const useSaveRecepcion = () => usePedidoWrite(saveRecepcion);
export const useAnswerReclamo = () => usePedidoWrite(answerReclamo);
export const useSaveFactura = () => usePedidoWrite(saveFactura);
