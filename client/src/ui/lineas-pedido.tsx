import { formatClp, formatDespacho } from '#common/format';
import type { PedidoDetalle } from '#common/schemas/pedidos';
import { LineasTable } from './lineas-table';
import './pedido.css';

/**
 * A pedido's lines, what its products add up to, its delivery fee and its total (the
 * total includes the fee), in the order the e-mails give them; the same on the buyer's order, the
 * tracking link, the supplier's screen and its purchase order on paper.
 */
export function LineasPedido({ pedido }: { pedido: Pick<PedidoDetalle, 'id' | 'lineas' | 'costo_despacho' | 'total'> }) {
  return (
    <div className="lineas-pedido">
      <LineasTable
        caption={`Productos del pedido N° ${pedido.id}`}
        lineas={pedido.lineas}
        total={pedido.total - pedido.costo_despacho}
        totalLabel="Productos"
      />
      <p className="lineas-pedido__despacho">Despacho: {formatDespacho(pedido.costo_despacho)}</p>
      <p className="lineas-pedido__total">
        Total: <strong>{formatClp(pedido.total)}</strong>
      </p>
    </div>
  );
}
