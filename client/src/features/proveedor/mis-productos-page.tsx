import { useMemo, useState } from 'react';
import { SearchSortFilters } from '../../ui/search-sort-filters';
import { formatClp, formatFechaEs } from '../../../../common/format';
import { PROVEEDOR_PAGE_SIZE } from '../../../../common/constants';
import { apiErrorMessage } from '../../lib/api-errors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { type Column, DataTable } from '../../ui/data-table';
import { DelayedSpinner } from '../../ui/delayed-spinner';
import { toast } from '../../ui/toast';
import { useDeleteProveedorProducto } from './api/delete-proveedor-producto';
import { useProveedoresProductos } from './api/proveedores-productos';
import { EditorProducto } from './mis-productos-editor';
import { ELIMINADO } from './mis-productos-errores';
import { EstadoModeracion } from './mis-productos-estado';
import { buscar, type FilaProducto, filasDe, formatCantidad, ORDENES, type Orden, ordenar, RANGOS } from './mis-productos-filas';
import './mis-productos.css';

export const CONFIRMAR_ELIMINAR = '¿Deseas eliminar este producto? Esta acción no se puede deshacer.';
// SPEC §8 says a failed list load or delete is only logged; an empty screen or a row that silently
// stays tells the supplier nothing, so these say it (docs/decisions/009).
const ERROR_LISTADO = 'No se pudo cargar tu listado de productos.';
const ERROR_ELIMINAR = 'No se pudo eliminar el producto. Inténtalo de nuevo.';

/** SPEC §2 'Listado de Productos' (/mis-productos-proovedor): the supplier's offers, one row per stock lot. */
export default function MisProductosPage() {
  const productos = useProveedoresProductos();
  const remove = useDeleteProveedorProducto();
  const [texto, setTexto] = useState('');
  const [orden, setOrden] = useState<Orden | ''>('');
  const [editando, setEditando] = useState<string | null>(null);
  const [porEliminar, setPorEliminar] = useState<FilaProducto | null>(null);

  const filas = useMemo(() => ordenar(buscar(filasDe(productos.data ?? []), texto), orden), [productos.data, texto, orden]);

  function eliminar(fila: FilaProducto) {
    setPorEliminar(null);
    remove.mutate(fila.oferta.id, {
      onSuccess: () => {
        toast.success(ELIMINADO);
        if (editando?.startsWith(`${fila.oferta.id}`)) setEditando(null);
      },
      onError: (error) => {
        console.error('No se pudo eliminar el producto', error);
        toast.error(apiErrorMessage(error, ERROR_ELIMINAR));
      },
    });
  }

  const columns: Column<FilaProducto>[] = [
    { id: 'sku', header: 'SKU', cell: (f) => <span className="mis-productos__sku">{f.oferta.sku}</span> },
    {
      id: 'nombre',
      header: 'Nombre',
      cell: (f) => (
        <>
          {f.oferta.producto_nombre} <EstadoModeracion oferta={f.oferta} />
        </>
      ),
    },
    { id: 'precio', header: 'Precio', cell: (f) => formatClp(f.oferta.tarifa) },
    ...RANGOS.map((r) => ({
      id: r,
      header: r,
      cell: (f: FilaProducto) => (f.oferta.rangos[r] === undefined ? <span className="muted">—</span> : formatClp(f.oferta.rangos[r])),
    })),
    { id: 'stock', header: 'Stock', cell: (f) => (f.lote ? formatCantidad(f.lote.cantidad) : <span className="sin-stock">Sin stock</span>) },
    { id: 'vencimiento', header: 'Fecha vencimiento', cell: (f) => (f.lote ? formatFechaEs(f.lote.fecha_expiracion) : <span className="muted">—</span>) },
    {
      id: 'acciones',
      header: 'Acciones',
      className: 'data-table__full',
      cell: (f) => (
        <div className="mis-productos__acciones">
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => setEditando(f.key)}
            aria-label={`Editar ${f.oferta.producto_nombre} (${f.oferta.sku})`}
          >
            Editar
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => setPorEliminar(f)}
            aria-label={`Eliminar ${f.oferta.producto_nombre} (${f.oferta.sku})`}
          >
            Eliminar
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="page mis-productos">
      <div className="section-head">
        <h1>Listado de Productos</h1>
      </div>
      <SearchSortFilters
        className="mis-productos__filtros"
        placeholder="Buscar producto, SKU, precio, stock o fecha..."
        texto={texto}
        onTextoChange={setTexto}
        orden={orden}
        onOrdenChange={setOrden}
        ordenes={ORDENES}
      />
      {productos.isPending && <DelayedSpinner />}
      {productos.isError && (
        <div className="panel empty" role="alert">
          <p>{ERROR_LISTADO}</p>
          <button type="button" className="btn btn--secondary" onClick={() => productos.refetch()}>
            Reintentar
          </button>
        </div>
      )}
      {productos.data && (
        <DataTable
          // A new search or sort starts again on page 1.
          key={`${texto}|${orden}`}
          caption="Listado de Productos"
          rows={filas}
          columns={columns}
          rowKey={(f) => f.key}
          pageSize={PROVEEDOR_PAGE_SIZE}
          rowClassName={(f) => `fila-producto fila-producto--${f.oferta.estado_moderacion}`}
          editingKey={editando}
          renderEditor={(f) => <EditorProducto fila={f} onClose={() => setEditando(null)} />}
          empty={texto ? 'Ningún producto coincide con tu búsqueda.' : 'Aún no tienes productos. Súbelos desde la carga masiva.'}
        />
      )}
      <ConfirmDialog
        open={porEliminar !== null}
        variant="danger"
        title="Eliminar producto"
        message={porEliminar ? `${CONFIRMAR_ELIMINAR} (${porEliminar.oferta.producto_nombre}, SKU ${porEliminar.oferta.sku})` : undefined}
        confirmLabel="Eliminar"
        cancelLabel="Cancelar"
        onConfirm={() => porEliminar && eliminar(porEliminar)}
        onCancel={() => setPorEliminar(null)}
      />
    </section>
  );
}
