import { cantidadEs, formatClp } from '#common/format';
import { subtotal } from '#common/precio';
import type { Column } from '../../../ui/data-table';
import { type AccionesLinea, BotonesLinea } from './acciones-linea';
import { Notas, UltimaVez } from './notas-linea';
import type { Fila } from './seleccion';

/** The table's columns above 480 px; comparacion.css gives every supplier's table the same widths, column by column in this order. */
export function columnasResultado(acciones: AccionesLinea, hoy: string): Column<Fila>[] {
  return [
    {
      id: 'producto',
      header: 'Producto',
      cell: ({ r, o, primera }) => (
        <>
          <strong>{o.producto}</strong>
          {primera && <Notas r={r} />}
        </>
      ),
    },
    { id: 'marca', header: 'Marca', cell: ({ o }) => o.marca },
    { id: 'categoria', header: 'Categoría', cell: ({ o }) => o.categoria },
    { id: 'origen', header: 'Origen', cell: ({ o }) => o.origen },
    { id: 'unidad', header: 'Unidad', cell: ({ o }) => o.unidad },
    { id: 'solicitada', header: 'Cantidad solicitada', cell: ({ r }) => cantidadEs(r.cantidad_solicitada) },
    { id: 'proveida', header: 'Cantidad proveída', cell: ({ o }) => cantidadEs(o.cantidad_proveida) },
    { id: 'proveedor', header: 'Proveedor', cell: ({ o }) => o.proveedor },
    {
      id: 'precio',
      header: 'Precio unitario',
      cell: ({ r, o }) => (
        <>
          {formatClp(o.precio)}
          {r.ultimo_precio && <UltimaVez ultimo={r.ultimo_precio} precio={o.precio} hoy={hoy} />}
        </>
      ),
    },
    { id: 'subtotal', header: 'Subtotal', cell: ({ o }) => <strong>{formatClp(subtotal(o.cantidad_proveida, o.precio))}</strong> },
    {
      id: 'acciones',
      header: 'Acciones',
      className: 'data-table__full resultado__acciones',
      cell: ({ r, o, primera }) => <BotonesLinea r={r} o={o} primera={primera} acciones={acciones} />,
    },
  ];
}
