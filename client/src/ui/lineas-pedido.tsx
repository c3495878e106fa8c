import { formatDespacho } from '#common/format';
import type { PedidoDetalle } from '#common/schemas/pedidos';
import { LineasTable } from './lineas-table';
import { MontosIva } from './montos-iva';
import './pedido.css';

type PedidoConLineas = Pick<PedidoDetalle, 'id' | 'lineas' | 'costo_despacho' | 'total' | 'neto' | 'iva' | 'total_con_iva'> & {
  /** The tracking link's pedido has no claim: its neto is already less any credit. */
  reclamo?: PedidoDetalle['reclamo'];
};

/**
 * A pedido's lines, what its products add up to, its delivery fee, then its Neto / IVA / Total
 * (net prices and fee, less an accepted claim's credit, IVA once: docs/decisions/026), in the order
 * the e-mails give them; the same on the buyer's order, the tracking link, the supplier's screen and
 * its purchase order on paper.
 */
export function LineasPedido({ pedido }: { pedido: PedidoConLineas }) {
  return (
    <div className="lineas-pedido">
      <LineasTable
        caption={`Productos del pedido N° ${pedido.id}`}
        lineas={pedido.lineas}
        total={pedido.total - pedido.costo_despacho}
        totalLabel="Productos"
      />
      <p className="lineas-pedido__despacho">Despacho: {formatDespacho(pedido.costo_despacho)}</p>
      <MontosIva
        montos={pedido}
        credito={pedido.reclamo?.estado === 'aceptado' ? (pedido.reclamo.monto_credito ?? undefined) : undefined}
        label={`Montos del pedido N° ${pedido.id}`}
      />
    </div>
  );
}
