import { formatCantidad, formatClp } from '#common/format';
import type { LineaCompra } from '#common/schemas/pedidos';
import { type Column, DataTable } from './data-table';
import './lineas-table.css';

const columns: Column<LineaCompra>[] = [
  { id: 'sku', header: 'SKU', cell: (l) => l.sku || '—' },
  { id: 'producto', header: 'Producto', cell: (l) => l.producto_nombre },
  { id: 'marca', header: 'Marca', cell: (l) => l.marca || '—' },
  { id: 'cantidad', header: 'Cantidad', cell: (l) => formatCantidad(l.cantidad, l.unidad) },
  { id: 'precio', header: 'Precio unitario', cell: (l) => formatClp(l.precio) },
  { id: 'subtotal', header: 'Subtotal', cell: (l) => formatClp(l.subtotal) },
];

/**
 * Lines bought from one supplier with their total under them: a pedido's (pedidos) and a
 * supplier's part of a purchase before it is placed (/facturacion's summary).
 */
export function LineasTable({
  caption,
  lineas,
  total,
  totalLabel = 'Total',
}: {
  caption: string;
  lineas: readonly LineaCompra[];
  total: number;
  /** What the sum reads as ('Subtotal' when it is one supplier's part of a larger total). */
  totalLabel?: string;
}) {
  return (
    <div className="lineas-table">
      <DataTable caption={caption} rows={lineas} columns={columns} rowKey={(l) => `${l.sku}-${l.producto_nombre}`} empty={<p>Sin productos.</p>} />
      <p className="lineas-table__total">
        {totalLabel}: <strong>{formatClp(total)}</strong>
      </p>
    </div>
  );
}
