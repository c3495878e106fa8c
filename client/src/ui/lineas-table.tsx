import { formatCantidad, formatClp } from '#common/format';
import type { LineaCompra } from '#common/schemas/pedidos';
import { type Column, DataTable } from './data-table';
import './lineas-table.css';

/** A line as the table shows it; a pedido's carries what its supplier confirmed when less than ordered (docs/decisions/026). */
type LineaTabla = LineaCompra & { cantidad_confirmada?: number | null };

const inicio: Column<LineaTabla>[] = [
  { id: 'sku', header: 'SKU', cell: (l) => l.sku || '—' },
  { id: 'producto', header: 'Producto', cell: (l) => l.producto_nombre },
  { id: 'marca', header: 'Marca', cell: (l) => l.marca || '—' },
];
const fin: Column<LineaTabla>[] = [
  { id: 'precio', header: 'Precio unitario', cell: (l) => formatClp(l.precio) },
  { id: 'subtotal', header: 'Subtotal', cell: (l) => formatClp(l.subtotal) },
];
const columns: Column<LineaTabla>[] = [...inicio, { id: 'cantidad', header: 'Cantidad', cell: (l) => formatCantidad(l.cantidad, l.unidad) }, ...fin];
/** With a short line, both quantities: what was ordered and what is confirmed (and charged). */
const columnsParcial: Column<LineaTabla>[] = [
  ...inicio,
  { id: 'pedido', header: 'Pedido', cell: (l) => formatCantidad(l.cantidad, l.unidad) },
  {
    id: 'confirmado',
    header: 'Confirmado',
    cell: (l) =>
      l.cantidad_confirmada == null ? (
        formatCantidad(l.cantidad, l.unidad)
      ) : (
        <strong className="lineas-table__corta">{formatCantidad(l.cantidad_confirmada, l.unidad)}</strong>
      ),
  },
  ...fin,
];

/**
 * Lines bought from one supplier with their total under them: a pedido's (pedidos) and a
 * supplier's part of a purchase before it is placed (/facturacion's summary). A pedido confirmed
 * for less of some line shows 'Pedido' and 'Confirmado' instead of 'Cantidad'.
 */
export function LineasTable({
  caption,
  lineas,
  total,
  totalLabel = 'Total',
}: {
  caption: string;
  lineas: readonly LineaTabla[];
  total: number;
  /** What the sum reads as ('Subtotal' when it is one supplier's part of a larger total). */
  totalLabel?: string;
}) {
  const parcial = lineas.some((l) => l.cantidad_confirmada != null);
  return (
    <div className="lineas-table">
      <DataTable
        caption={caption}
        rows={lineas}
        columns={parcial ? columnsParcial : columns}
        rowKey={(l) => `${l.sku}-${l.producto_nombre}`}
        empty={<p>Sin productos.</p>}
      />
      <p className="lineas-table__total">
        {totalLabel}: <strong>{formatClp(total)}</strong>
      </p>
    </div>
  );
}
