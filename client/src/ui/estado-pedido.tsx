import { type EstadoPedido, estadoPedidoTexto } from '#common/schemas/pedidos';
import './pedido.css';

/**
 * A pedido's state as a labelled badge: words, not colour alone, say where it stands. A confirmed
 * pedido with a short line reads 'Confirmado parcial' (`parcial`, docs/decisions/026).
 */
export function EstadoPedidoBadge({ estado, parcial = false }: { estado: EstadoPedido; parcial?: boolean }) {
  return <span className={`estado-pedido estado-pedido--${estado}`}>{estadoPedidoTexto(estado, parcial)}</span>;
}
