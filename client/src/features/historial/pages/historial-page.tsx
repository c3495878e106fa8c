import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatFechaLarga } from '#common/format';
import { cantidadACotizar } from '#common/repetir';
import type { CotizacionHistorial, LineaHistorial } from '#common/schemas/historial';
import { PEDIDOS_POR_PAGINA } from '#common/schemas/pedidos';
import { apiErrorMessage } from '../../../lib/api-errors';
import { type LineaACotizar, useCotizarDeNuevo } from '../../../lib/flujo-cotizacion/repetir';
import { pageFromParam } from '../../../lib/route-params';
import { useLogout, useSessionExpiredHandler } from '../../../lib/session';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { type Column, DataTable } from '../../../ui/data-table';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { EntryCard } from '../../../ui/entry-card';
import { LoadError } from '../../../ui/load-error';
import { Pagination } from '../../../ui/pagination';
import { toast } from '../../../ui/toast';
import { useDeleteDelHistorial, useHistorial } from '../api/historial';
import './historial.css';
// The history the quotation flow appends to when a comparison is generated (docs/producto.md §4.3).
import { type HistorialCotizacion, historialCotizaciones } from '../../../lib/flujo-cotizacion/cotizacion-storage';

type LineaLocal = HistorialCotizacion['productos'][number];
type Linea = LineaLocal | LineaHistorial;

const ELIMINADA = 'Cotización eliminada del historial';

/** docs/producto.md §2 Quotation history: each line's category, origin, brand, product, unit and quantity. */
const COLUMNAS: Column<Linea>[] = [
  { id: 'categoria', header: 'Categoría', cell: (l) => l.categoria },
  { id: 'origen', header: 'Origen', cell: (l) => l.origen },
  { id: 'marca', header: 'Marca', cell: (l) => l.marca },
  {
    id: 'producto',
    header: 'Producto',
    cell: (l) => (
      <>
        <strong>{l.producto_nombre}</strong>
        {'disponible' in l && !l.disponible && <span className="historial__no-disponible"> Ya no se vende</span>}
      </>
    ),
  },
  { id: 'unidad', header: 'Unidad', cell: (l) => l.unidad },
  { id: 'cantidad', header: 'Cantidad', cell: (l) => l.cantidad.toLocaleString('es-CL') },
];

/**
 * What 'Cotizar de nuevo' carries (docs/producto.md §16): every line with its name, in whole numbers
 * as /cotizar takes them; /cotizar leaves out and names those no longer sold (docs/decisions/022).
 */
const aCotizar = (lineas: readonly Linea[]): LineaACotizar[] =>
  lineas.flatMap((l) => (l.producto === undefined ? [] : [{ producto: l.producto, cantidad: cantidadACotizar(l.cantidad), nombre: l.producto_nombre }]));

/** The quotation's lines and its 'Cotizar de nuevo'. */
function Cotizacion({ numero, lineas, ordenId }: { numero: number | string; lineas: readonly Linea[]; ordenId?: number | null }) {
  const cotizarDeNuevo = useCotizarDeNuevo();
  const repetibles = aCotizar(lineas);
  return (
    <>
      <DataTable
        caption={`Productos de la cotización N° ${numero}`}
        rows={lineas}
        columns={COLUMNAS}
        rowKey={(l) => `${l.producto ?? ''}-${l.producto_nombre}-${l.marca}`}
        empty={null}
      />
      <div className="historial__acciones">
        {/* Entries kept before products were named by id cannot be repeated. */}
        {repetibles.length > 0 && (
          <button
            type="button"
            className="btn btn--secondary"
            aria-label={`Cotizar de nuevo la cotización N° ${numero}`}
            onClick={() => cotizarDeNuevo(repetibles)}
          >
            Cotizar de nuevo
          </button>
        )}
        {ordenId != null && <Link to={`/ordenes/${ordenId}`}>Ver la orden N° {ordenId}</Link>}
      </div>
    </>
  );
}

/**
 * docs/producto.md §2 Quotation history ('Mi Historial de Cotizaciones'), newest first: the account's
 * quotations from the server, the same on every device (docs/producto.md §16), then those this
 * browser made without a session, which only it knows of (docs/decisions/022).
 */
export default function HistorialPage() {
  const logout = useLogout();
  const onExpired = useSessionExpiredHandler();
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const server = useHistorial(page);
  const eliminarDelServidor = useDeleteDelHistorial();
  const [local, setLocal] = useState(() => historialCotizaciones.get() ?? []);
  const [porEliminar, setPorEliminar] = useState<{ servidor: CotizacionHistorial } | { local: HistorialCotizacion } | null>(null);

  useEffect(() => {
    if (server.error) onExpired(server.error);
  }, [server.error, onExpired]);

  const cotizaciones = server.data?.results ?? [];
  const enServidor = new Set(cotizaciones.map((c) => c.cotizacion_id));
  // One made with an account is that account's on the server: this browser's copy is not shown
  // (nor to another account logged in here). Entries from before the server kept histories have
  // no account: those the server lists on this page are shown from the server.
  const sinSesion = server.isPending
    ? []
    : local.filter((e) => e.usuario_id === undefined && (e.cotizacion_id === undefined || !enServidor.has(e.cotizacion_id))).reverse();
  const pageCount = Math.max(1, Math.ceil((server.data?.count ?? 0) / PEDIDOS_POR_PAGINA));
  const isEmpty = server.isSuccess && server.data.count === 0 && sinSesion.length === 0;
  // Entries from before quotation numbers were kept are numbered by their place in the list.
  const numeroLocal = (e: HistorialCotizacion) => e.cotizacion_id ?? local.indexOf(e) + 1;

  function eliminarLocal(entrada: HistorialCotizacion) {
    const quedan = local.filter((e) => e !== entrada);
    historialCotizaciones.set(quedan);
    setLocal(quedan);
    setPorEliminar(null);
    toast.success(ELIMINADA);
  }

  function confirmarEliminar() {
    if (!porEliminar) return;
    if ('local' in porEliminar) return eliminarLocal(porEliminar.local);
    setPorEliminar(null);
    eliminarDelServidor.mutate(porEliminar.servidor.cotizacion_id, {
      onSuccess: () => toast.success(ELIMINADA),
      onError: (error) => {
        if (!onExpired(error)) toast.error(apiErrorMessage(error, 'No pudimos eliminar la cotización. Intenta nuevamente.'));
      },
    });
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

      {server.isPending ? (
        <DelayedSpinner label="Cargando tu historial de cotizaciones..." />
      ) : server.isError ? (
        <LoadError error={server.error} fallback="No pudimos cargar tu historial de cotizaciones." onRetry={() => server.refetch()} />
      ) : isEmpty ? (
        <div className="panel empty">
          <p>No hay cotizaciones en tu historial</p>
        </div>
      ) : (
        server.data.count > 0 && (
          <>
            <ul className="entry-list">
              {cotizaciones.map((c) => (
                <EntryCard
                  key={c.cotizacion_id}
                  title={`Cotización N° ${c.cotizacion_id}`}
                  subtitle={formatFechaLarga(c.fecha)}
                  deleteLabel={`Eliminar la cotización N° ${c.cotizacion_id} del historial`}
                  onDelete={() => setPorEliminar({ servidor: c })}
                >
                  <Cotizacion numero={c.cotizacion_id} lineas={c.productos} ordenId={c.orden_id} />
                </EntryCard>
              ))}
            </ul>
            <Pagination
              page={page}
              pageCount={pageCount}
              label="Páginas del historial de cotizaciones"
              onChange={(p) => {
                setParams(p === 1 ? {} : { page: String(p) });
                window.scrollTo(0, 0);
              }}
            />
          </>
        )
      )}

      {sinSesion.length > 0 && (
        <section className="historial__locales" aria-labelledby="historial-sin-sesion">
          <h2 id="historial-sin-sesion">En este navegador, sin sesión</h2>
          <p className="muted">Las cotizaciones que hiciste aquí sin iniciar sesión: solo este navegador las recuerda.</p>
          <ul className="entry-list">
            {sinSesion.map((e) => (
              <EntryCard
                key={`${e.cotizacion_id ?? ''}-${e.fecha}`}
                title={`Cotización N° ${numeroLocal(e)}`}
                subtitle={formatFechaLarga(e.fecha)}
                deleteLabel={`Eliminar la cotización N° ${numeroLocal(e)} del historial`}
                onDelete={() => setPorEliminar({ local: e })}
              >
                <Cotizacion numero={numeroLocal(e)} lineas={e.productos} />
              </EntryCard>
            ))}
          </ul>
        </section>
      )}

      <ConfirmDialog
        open={porEliminar !== null}
        title="¿Deseas eliminar esta cotización del historial?"
        message={
          porEliminar && 'local' in porEliminar
            ? 'Solo se borra de este navegador.'
            : 'Se borra de tu historial en todos tus equipos; su orden de compra, si la tiene, sigue vigente.'
        }
        variant="danger"
        confirmLabel="Eliminar"
        cancelLabel="Cancelar"
        onConfirm={confirmarEliminar}
        onCancel={() => setPorEliminar(null)}
      />
    </section>
  );
}
