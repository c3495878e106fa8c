import { ESTADO_PEDIDO_TEXTO, type EstadoPedido } from '#common/schemas/pedidos';
import './pedido.css';

/** A pedido's state as a labelled badge: words, not colour alone, say where it stands. */
export function EstadoPedidoBadge({ estado }: { estado: EstadoPedido }) {
  return <span className={`estado-pedido estado-pedido--${estado}`}>{ESTADO_PEDIDO_TEXTO[estado]}</span>;
}
