import { ESTADOS_QUE_DEVUELVEN, type EstadoPedido } from '#common/schemas/pedidos';

/**
 * What is left of an order once its annulled and rejected pedidos are taken out (their stock went
 * back to the suppliers); undefined while every pedido still stands, when it is the order's total.
 */
export function totalVigente(pedidos: readonly { estado: EstadoPedido; total: number }[]): number | undefined {
  const vigentes = pedidos.filter((p) => !ESTADOS_QUE_DEVUELVEN.includes(p.estado));
  return vigentes.length === pedidos.length ? undefined : vigentes.reduce((suma, p) => suma + p.total, 0);
}
