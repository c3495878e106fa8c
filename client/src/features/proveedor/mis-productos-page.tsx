import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { SearchSortFilters } from '../../ui/search-sort-filters';
import { cantidadEs, formatCantidad as formatCantidadUnidad, formatClp, formatDiaLargo } from '#common/format';
import { encabezadoRango, PROVEEDOR_PAGE_SIZE } from '#common/constants';
import { PRECIOS_NETOS } from '#common/iva';
import { apiErrorMessage } from '../../lib/api-errors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { type Column, DataTable } from '../../ui/data-table';
import { DelayedSpinner } from '../../ui/delayed-spinner';
import { toast } from '../../ui/toast';
import { useDeleteLote } from './api/delete-lote';
import { useDeleteProveedorProducto } from './api/delete-proveedor-producto';
import { useProveedoresProductos } from './api/proveedores-productos';
import { AgregarLote } from './components/agregar-lote';
import { AgregarProducto } from './components/agregar-producto';
import { ReenviarProducto } from './components/reenviar-producto';
import { AvisoVisibilidad } from './components/aviso-visibilidad';
import { EditorProducto } from './mis-productos-editor';
import { ELIMINADO, loteEliminado } from './mis-productos-errores';
import { EstadoModeracion } from './mis-productos-estado';
import { buscar, type FilaProducto, filasDe, ORDENES, type Orden, ordenar, rangosDe } from './mis-productos-filas';
import './mis-productos.css';

export const CONFIRMAR_ELIMINAR = '¿Deseas eliminar este producto? Esta acción no se puede deshacer.';
// docs/producto.md §8 says a failed list load or delete is only logged; an empty screen or a row that silently
// stays tells the supplier nothing, so these say it (docs/decisions/009).
const ERROR_LISTADO = 'No se pudo cargar tu listado de productos.';
const ERROR_ELIMINAR = 'No se pudo eliminar el producto. Inténtalo de nuevo.';
const ERROR_ELIMINAR_LOTE = 'No se pudo eliminar el lote. Inténtalo de nuevo.';
export const SIN_PRODUCTOS = 'Aún no tienes productos. Agrégalos uno a uno o súbelos todos juntos desde un Excel.';

/** A lot as the dialogs and toasts name it: '150 kg con vencimiento el 15 de marzo de 2099'. */
const describirLote = (oferta: FilaProducto['oferta'], lote: NonNullable<FilaProducto['lote']>) =>
  `${formatCantidadUnidad(lote.cantidad, oferta.unidad)} con vencimiento el ${formatDiaLargo(lote.fecha_expiracion)}`;

/** What deleting the whole product takes with it (one click took 800 kg nobody saw go). */
function queSeVaConElProducto(oferta: FilaProducto['oferta']): string {
  const nombre = `${oferta.producto_nombre} (SKU ${oferta.sku})`;
  if (oferta.stock.length === 0) return `Se eliminará ${nombre}. No tiene stock.`;
  const total = oferta.stock.reduce((suma, l) => suma + l.cantidad, 0);
  const lotes = oferta.stock.length === 1 ? '1 lote' : `sus ${oferta.stock.length} lotes`;
  return `Se eliminará ${nombre} con ${lotes}: ${formatCantidadUnidad(total, oferta.unidad)} de stock en total.`;
}

/** docs/producto.md §2 'Listado de Productos' (/mis-productos-proovedor): the supplier's offers, one row per stock lot. */
export default function MisProductosPage() {
  const productos = useProveedoresProductos();
  const remove = useDeleteProveedorProducto();
  const removeLote = useDeleteLote();
  const [texto, setTexto] = useState('');
  const [orden, setOrden] = useState<Orden | ''>('');
  const [editando, setEditando] = useState<string | null>(null);
  const [porEliminar, setPorEliminar] = useState<FilaProducto | null>(null);
  const [loteAEliminar, setLoteAEliminar] = useState<FilaProducto | null>(null);
  const [agregandoProducto, setAgregandoProducto] = useState(false);
  const [agregandoLote, setAgregandoLote] = useState<FilaProducto['oferta'] | null>(null);

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

  function eliminarLote(fila: FilaProducto) {
    setLoteAEliminar(null);
    const { oferta, lote } = fila;
    if (!lote) return;
    removeLote.mutate(
      { ofertaId: oferta.id, loteId: lote.id },
      {
        onSuccess: () => {
          toast.success(loteEliminado(describirLote(oferta, lote)));
          if (editando === fila.key) setEditando(null);
        },
        onError: (error) => {
          console.error('No se pudo eliminar el lote', error);
          toast.error(apiErrorMessage(error, ERROR_ELIMINAR_LOTE));
        },
      },
    );
  }

  const unidades = (productos.data ?? []).map((o) => o.unidad);
  const columns: Column<FilaProducto>[] = [
    { id: 'sku', header: 'SKU', cell: (f) => <span className="mis-productos__sku">{f.oferta.sku}</span> },
    {
      id: 'nombre',
      header: 'Nombre',
      cell: (f) => (
        <>
          {f.oferta.producto_nombre} <EstadoModeracion oferta={f.oferta} />
          {f.oferta.estado_moderacion === 'rechazado' && <ReenviarProducto ofertaId={f.oferta.id} />}
        </>
      ),
    },
    { id: 'precio', header: 'Precio', cell: (f) => formatClp(f.oferta.tarifa) },
    // docs/producto.md §2's 'Desde 100 kg'; 'cajas' when the products listed are sold by the box, both when they mix.
    ...rangosDe().map(({ limite, clave }) => ({
      id: clave,
      header: encabezadoRango(limite, unidades),
      cell: (f: FilaProducto) => (f.oferta.rangos[clave] === undefined ? <span className="muted">—</span> : formatClp(f.oferta.rangos[clave])),
    })),
    { id: 'stock', header: 'Stock', cell: (f) => (f.lote ? cantidadEs(f.lote.cantidad) : <span className="sin-stock">Sin stock</span>) },
    { id: 'vencimiento', header: 'Fecha vencimiento', cell: (f) => (f.lote ? formatDiaLargo(f.lote.fecha_expiracion) : <span className="muted">—</span>) },
    {
      id: 'acciones',
      header: 'Acciones',
      className: 'data-table__full',
      cell: (f) => (
        <div className="mis-productos__acciones">
          {/* Once per offer: on its row without stock, or its first lot's row. */}
          {(f.lote === null || f.lote.id === f.oferta.stock[0]?.id) && (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => setAgregandoLote(f.oferta)}
              aria-label={`Agregar lote a ${f.oferta.producto_nombre} (${f.oferta.sku})`}
            >
              Agregar lote
            </button>
          )}
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => setEditando(f.key)}
            aria-label={`Editar ${f.oferta.producto_nombre} (${f.oferta.sku})`}
          >
            Editar
          </button>
          {/* A lot's row removes that lot; the whole product is a separate, named action. */}
          {f.lote && (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => setLoteAEliminar(f)}
              aria-label={`Eliminar lote de ${f.oferta.producto_nombre} (${f.oferta.sku}) que vence el ${formatDiaLargo(f.lote.fecha_expiracion)}`}
            >
              Eliminar lote
            </button>
          )}
          <button
            type="button"
            className="btn btn--ghost mis-productos__eliminar-producto"
            onClick={() => setPorEliminar(f)}
            aria-label={`Eliminar producto ${f.oferta.producto_nombre} (${f.oferta.sku})`}
          >
            Eliminar producto
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="page mis-productos">
      <div className="section-head">
        <h1>Listado de Productos</h1>
        <button type="button" className="btn btn--primary" onClick={() => setAgregandoProducto(true)}>
          Agregar producto
        </button>
      </div>
      <AvisoVisibilidad />
      {/* Buyers compare these prices net and every document adds the IVA once (docs/decisions/026). */}
      <p className="muted mis-productos__netos">{PRECIOS_NETOS} Los compradores ven el IVA sumado en sus totales.</p>
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
          empty={
            texto ? (
              'Ningún producto coincide con tu búsqueda.'
            ) : (
              <div className="mis-productos__vacio">
                <p>{SIN_PRODUCTOS}</p>
                <div className="mis-productos__vacio-acciones">
                  <button type="button" className="btn btn--primary" onClick={() => setAgregandoProducto(true)}>
                    Agregar producto
                  </button>
                  <Link className="btn btn--secondary" to="/carga-masiva">
                    Subir un Excel (carga masiva)
                  </Link>
                </div>
              </div>
            )
          }
        />
      )}
      {agregandoProducto && <AgregarProducto ofertas={productos.data ?? []} onClose={() => setAgregandoProducto(false)} />}
      {agregandoLote && <AgregarLote oferta={agregandoLote} onClose={() => setAgregandoLote(null)} />}
      <ConfirmDialog
        open={porEliminar !== null}
        variant="danger"
        title="Eliminar producto"
        message={CONFIRMAR_ELIMINAR}
        confirmLabel="Eliminar producto"
        cancelLabel="Cancelar"
        onConfirm={() => porEliminar && eliminar(porEliminar)}
        onCancel={() => setPorEliminar(null)}
      >
        {porEliminar && <p>{queSeVaConElProducto(porEliminar.oferta)}</p>}
      </ConfirmDialog>
      <ConfirmDialog
        open={loteAEliminar !== null}
        variant="danger"
        title="Eliminar lote"
        message={
          loteAEliminar?.lote
            ? `¿Deseas eliminar el lote de ${describirLote(loteAEliminar.oferta, loteAEliminar.lote)}? Esta acción no se puede deshacer.`
            : undefined
        }
        confirmLabel="Eliminar lote"
        cancelLabel="Cancelar"
        onConfirm={() => loteAEliminar && eliminarLote(loteAEliminar)}
        onCancel={() => setLoteAEliminar(null)}
      >
        {loteAEliminar && (
          <p>
            {`Solo se elimina este lote: ${loteAEliminar.oferta.producto_nombre} (SKU ${loteAEliminar.oferta.sku}) sigue publicado${
              loteAEliminar.oferta.stock.length > 1 ? ' con sus otros lotes' : ', sin stock'
            }.`}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
