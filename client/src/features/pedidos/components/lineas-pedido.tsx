import { formatCantidad, formatClp } from '../../../../../common/format';
import type { LineaPedido } from '../../../../../common/schemas/pedidos';
import { type Column, DataTable } from '../../../ui/data-table';

const columnas: Column<LineaPedido>[] = [
  { id: 'sku', header: 'SKU', cell: (l) => l.sku || '—' },
  { id: 'producto', header: 'Producto', cell: (l) => l.producto_nombre },
  { id: 'marca', header: 'Marca', cell: (l) => l.marca || '—' },
  { id: 'cantidad', header: 'Cantidad', cell: (l) => formatCantidad(l.cantidad, l.unidad) },
  { id: 'precio', header: 'Precio unitario', cell: (l) => formatClp(l.precio) },
  { id: 'subtotal', header: 'Subtotal', cell: (l) => formatClp(l.subtotal) },
];

/** The lines of a pedido (or of a supplier's part of a purchase), with their total under them. */
export function LineasPedido({ caption, lineas, total }: { caption: string; lineas: readonly LineaPedido[]; total: number }) {
  return (
    <div className="lineas-pedido">
      <DataTable caption={caption} rows={lineas} columns={columnas} rowKey={(l) => `${l.sku}-${l.producto_nombre}`} empty={<p>Sin productos.</p>} />
      <p className="lineas-pedido__total">
        Total: <strong>{formatClp(total)}</strong>
      </p>
    </div>
  );
}
