import { useState } from 'react';
import { Link } from 'react-router';
import { formatFechaLarga } from '#common/format';
import { useLogout } from '../../../lib/session';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { type Column, DataTable } from '../../../ui/data-table';
import { EntryCard } from '../../../ui/entry-card';
import { toast } from '../../../ui/toast';
import './historial.css';
// The history the quotation flow appends to when a comparison is generated (docs/producto.md §4.3).
import { type HistorialCotizacion, historialCotizaciones } from '../../../lib/flujo-cotizacion/cotizacion-storage';

type Linea = HistorialCotizacion['productos'][number];

/** docs/producto.md §2 Quotation history: each line's category, origin, brand, product, unit and quantity. */
const COLUMNAS: Column<Linea>[] = [
  { id: 'categoria', header: 'Categoría', cell: (l) => l.categoria },
  { id: 'origen', header: 'Origen', cell: (l) => l.origen },
  { id: 'marca', header: 'Marca', cell: (l) => l.marca },
  { id: 'producto', header: 'Producto', cell: (l) => <strong>{l.producto_nombre}</strong> },
  { id: 'unidad', header: 'Unidad', cell: (l) => l.unidad },
  { id: 'cantidad', header: 'Cantidad', cell: (l) => l.cantidad.toLocaleString('es-CL') },
];

/** docs/producto.md §2 Quotation history ('Mi Historial de Cotizaciones'), read from local storage; newest first. */
export default function HistorialPage() {
  const logout = useLogout();
  const [entradas, setEntradas] = useState(() => historialCotizaciones.get() ?? []);
  const [porEliminar, setPorEliminar] = useState<HistorialCotizacion | null>(null);
  // Entries from before quotation numbers were kept are numbered by their place in the list.
  const numero = (e: HistorialCotizacion) => e.cotizacion_id ?? entradas.indexOf(e) + 1;

  function eliminar(entrada: HistorialCotizacion) {
    const quedan = entradas.filter((e) => e !== entrada);
    historialCotizaciones.set(quedan);
    setEntradas(quedan);
    setPorEliminar(null);
    toast.success('Cotización eliminada del historial');
  }

  return (
    <section className="page historial">
      <h1>Mi Historial de Cotizaciones</h1>
      <div className="section-head">
        <Link to="/ordenes">Ver historial de órdenes de compra</Link>
        <button type="button" className="btn btn--ghost" onClick={logout}>
          Cerrar sesión
        </button>
      </div>
      {entradas.length === 0 ? (
        <div className="panel empty">
          <p>No hay cotizaciones en tu historial</p>
        </div>
      ) : (
        <ul className="entry-list">
          {[...entradas].reverse().map((e) => (
            <EntryCard
              key={`${e.cotizacion_id ?? ''}-${e.fecha}`}
              title={`Cotización N° ${numero(e)}`}
              subtitle={formatFechaLarga(e.fecha)}
              deleteLabel={`Eliminar la cotización N° ${numero(e)} del historial`}
              onDelete={() => setPorEliminar(e)}
            >
              <DataTable
                caption={`Productos de la cotización N° ${numero(e)}`}
                rows={e.productos}
                columns={COLUMNAS}
                rowKey={(l) => `${l.producto_nombre}-${l.marca}`}
                empty={null}
              />
            </EntryCard>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={porEliminar !== null}
        title="¿Deseas eliminar esta cotización del historial?"
        variant="danger"
        confirmLabel="Eliminar"
        cancelLabel="Cancelar"
        onConfirm={() => porEliminar && eliminar(porEliminar)}
        onCancel={() => setPorEliminar(null)}
      />
    </section>
  );
}
