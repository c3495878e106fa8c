import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { formatDiaLargo, formatFechaHora } from '#common/format';
import {
  ESTADO_PEDIDO_TEXTO,
  ESTADOS_PEDIDO,
  ESTADOS_QUE_DEVUELVEN,
  type EstadoPedido,
  FILTROS_COBRO,
  type FiltroCobro,
  PEDIDOS_POR_PAGINA,
  type PedidoResumen,
} from '#common/schemas/pedidos';
import { useSessionExpiredHandler } from '../../../lib/session';
import { type Column, DataTable } from '../../../ui/data-table';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { ExportarExcel } from '../../../ui/exportar-excel';
import { LoadError } from '../../../ui/load-error';
import { Pagination } from '../../../ui/pagination';
import { usePedidos } from '../api/pedidos';
import { EstadoPedidoBadge } from '../../../ui/estado-pedido';
import { MontosIva } from '../../../ui/montos-iva';
import { ReclamoBadge } from '../../../ui/recepcion-pedido';
import { pageFromParam } from '../../../lib/route-params';
import './pedidos-recibidos.css';

const ERROR_LISTADO = 'No se pudieron cargar tus pedidos.';
/** The search waits for a pause in typing before it asks the server. */
const SEARCH_DELAY_MS = 300;
/** The server refuses longer searches (pedidosQuerySchema). */
const SEARCH_MAX_LENGTH = 100;

/** The supplier's bookkeeping filters (docs/decisions/026). */
const COBRO_TEXTO: Record<FiltroCobro, string> = { por_facturar: 'Por facturar', por_cobrar: 'Por cobrar' };

/** What the URL says: a mistyped page, state or filter reads as the first page and every pedido. */
function readFilter(params: URLSearchParams) {
  const estado = params.get('estado');
  const cobro = params.get('cobro');
  return {
    page: pageFromParam(params.get('page')),
    estado: ESTADOS_PEDIDO.find((e) => e === estado),
    q: params.get('q') ?? '',
    cobro: FILTROS_COBRO.find((c) => c === cobro),
  };
}

type FilterChange = { estado?: EstadoPedido | ''; q?: string; cobro?: FiltroCobro | '' };

/** A row's invoice and payment: its number and whether it was paid; one on its way or delivered without one is to invoice. */
function Cobro({ pedido: p }: { pedido: PedidoResumen }) {
  if (p.factura_numero === null)
    return p.estado === 'despachado' || p.estado === 'entregado' ? <span className="pedidos-recibidos__cobro">Por facturar</span> : null;
  return (
    <span className="pedidos-recibidos__cobro">
      Factura N° {p.factura_numero}
      <br />
      {p.pagado_el ? (
        `Pagada el ${formatDiaLargo(p.pagado_el)}`
      ) : ESTADOS_QUE_DEVUELVEN.includes(p.estado) ? null : (
        <span className="pedidos-recibidos__por-cobrar">Por cobrar</span>
      )}
    </span>
  );
}

/** The URL with a new state or search: an empty one is dropped, and the list starts again on page 1. */
function withFilter(current: URLSearchParams, change: FilterChange) {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  next.delete('page');
  return next;
}

const columns: Column<PedidoResumen>[] = [
  { id: 'id', header: 'N° pedido', cell: (p) => <strong>{p.id}</strong> },
  { id: 'orden', header: 'N° orden', cell: (p) => p.orden_id },
  { id: 'fecha', header: 'Fecha', className: 'pedidos-recibidos__fecha', cell: (p) => formatFechaHora(p.creado_en) },
  { id: 'comprador', header: 'Comprador', className: 'pedidos-recibidos__comprador', cell: (p) => p.comprador || <span className="muted">Sin nombre</span> },
  { id: 'comuna', header: 'Comuna', cell: (p) => p.comuna_nombre || <span className="muted">—</span> },
  {
    id: 'entrega',
    header: 'Entrega',
    className: 'pedidos-recibidos__entrega',
    cell: (p) => (p.fecha_entrega ? formatDiaLargo(p.fecha_entrega) : <span className="muted">Sin fecha</span>),
  },
  { id: 'lineas', header: 'Líneas', cell: (p) => p.lineas },
  {
    id: 'total',
    header: 'Total',
    className: 'pedidos-recibidos__total',
    // With IVA, once on its neto (less any credit), and the neto under it (docs/decisions/026).
    cell: (p) => <MontosIva montos={p} label={`Total del pedido N° ${p.id}`} compacta />,
  },
  // Its invoice and payment under its state: an eleventh column would not fit 1,200 px.
  {
    id: 'estado',
    header: 'Estado',
    cell: (p) => (
      <span className="pedidos-recibidos__estados">
        <EstadoPedidoBadge estado={p.estado} parcial={p.parcial} />
        {p.reclamo_estado && <ReclamoBadge estado={p.reclamo_estado} />}
        <Cobro pedido={p} />
      </span>
    ),
  },
  { id: 'ver', header: 'Acciones', className: 'data-table__full', cell: (p) => <VerPedido id={p.id} /> },
];

/** The detail keeps the list's filters, so its way back returns to the same page of the same search. */
function VerPedido({ id }: { id: number }) {
  const { search } = useLocation();
  return (
    <Link to={`/pedidos-recibidos/${id}`} state={{ lista: search }} className="btn btn--secondary pedidos-recibidos__ver" aria-label={`Ver pedido N° ${id}`}>
      Ver pedido
    </Link>
  );
}

/**
 * /pedidos-recibidos: the supplier's pedidos, newest first, 20 a page from the server.
 * The state, the bookkeeping filter ('Por facturar', 'Por cobrar'), the search and the page live in
 * the URL, so Back, a reload or a shared link keep them.
 */
export default function PedidosRecibidosPage() {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const pedidos = usePedidos(filter);
  const onExpired = useSessionExpiredHandler();
  useEffect(() => {
    if (pedidos.error) onExpired(pedidos.error);
  }, [pedidos.error, onExpired]);
  const estadoFieldId = useId();
  const cobroFieldId = useId();
  const searchFieldId = useId();

  // The box follows the URL when the URL changes on its own (Back, a link); typing moves the URL after a pause.
  const [searchText, setSearchText] = useState(filter.q);
  const [shownQ, setShownQ] = useState(filter.q);
  if (filter.q !== shownQ) {
    setShownQ(filter.q);
    setSearchText(filter.q);
  }

  function applyFilter(change: FilterChange) {
    setParams((current) => withFilter(current, change), { preventScrollReset: true });
  }

  useEffect(() => {
    const q = searchText.trim();
    if (q === filter.q) return;
    // Typing replaces the entry: Back leaves the list instead of undoing the search letter by letter.
    const timer = setTimeout(() => setParams((current) => withFilter(current, { q }), { replace: true, preventScrollReset: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, filter.q, setParams]);

  function goToPage(page: number) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (page > 1) next.set('page', String(page));
      else next.delete('page');
      return next;
    });
  }

  const isFiltered = Boolean(filter.estado || filter.q || filter.cobro);
  const data = pedidos.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.count / PEDIDOS_POR_PAGINA)) : 1;

  return (
    <section className="page pedidos-recibidos">
      <div className="section-head">
        <h1>Pedidos Recibidos</h1>
      </div>
      <ExportarExcel de="pedidos" />
      <div className="pedidos-recibidos__filtros">
        <div className="field">
          <label htmlFor={searchFieldId}>Buscar</label>
          <input
            id={searchFieldId}
            type="search"
            placeholder="Buscar por comprador o número..."
            maxLength={SEARCH_MAX_LENGTH}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={estadoFieldId}>Estado</label>
          <select id={estadoFieldId} value={filter.estado ?? ''} onChange={(e) => applyFilter({ estado: e.target.value as EstadoPedido | '' })}>
            <option value="">Todos los estados</option>
            {ESTADOS_PEDIDO.map((e) => (
              <option key={e} value={e}>
                {ESTADO_PEDIDO_TEXTO[e]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={cobroFieldId}>Factura y pago</label>
          <select id={cobroFieldId} value={filter.cobro ?? ''} onChange={(e) => applyFilter({ cobro: e.target.value as FiltroCobro | '' })}>
            <option value="">Todos</option>
            {FILTROS_COBRO.map((c) => (
              <option key={c} value={c}>
                {COBRO_TEXTO[c]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {pedidos.isPending && <DelayedSpinner label="Cargando pedidos..." />}
      {pedidos.isError && !data && <LoadError error={pedidos.error} fallback={ERROR_LISTADO} onRetry={() => pedidos.refetch()} />}
      {data && (
        <div className="pedidos-recibidos__resultado" aria-busy={pedidos.isPlaceholderData || undefined}>
          <p className="muted pedidos-recibidos__cuenta" role="status">
            {/* The rows on screen are the last search's until the new one answers: their count would lie. */}
            {pedidos.isPlaceholderData ? 'Buscando...' : countText(data.count, isFiltered)}
          </p>
          <DataTable
            caption="Pedidos recibidos"
            rows={data.results}
            columns={columns}
            rowKey={(p) => p.id}
            rowClassName={(p) => `pedidos-recibidos__fila--${p.estado}`}
            empty={
              data.count > 0 ? (
                <>
                  <p>Esta página no tiene pedidos.</p>
                  <button type="button" className="btn btn--secondary" onClick={() => goToPage(1)}>
                    Ir a la primera página
                  </button>
                </>
              ) : isFiltered ? (
                <>
                  <p>No hay pedidos que coincidan con la búsqueda.</p>
                  <button type="button" className="btn btn--secondary" onClick={() => applyFilter({ estado: '', q: '', cobro: '' })}>
                    Ver todos los pedidos
                  </button>
                </>
              ) : (
                <>
                  <p>Aún no recibes pedidos.</p>
                  <p>Cuando un comprador compre tus productos, su pedido aparecerá aquí y te avisaremos por correo.</p>
                </>
              )
            }
          />
          <Pagination page={filter.page} pageCount={pageCount} onChange={goToPage} label="Páginas de pedidos" />
        </div>
      )}
    </section>
  );
}

function countText(count: number, isFiltered: boolean) {
  if (count === 0) return '';
  const pedidos = count === 1 ? '1 pedido' : `${count.toLocaleString('es-CL')} pedidos`;
  return isFiltered ? `${pedidos} ${count === 1 ? 'coincide' : 'coinciden'} con la búsqueda.` : `${pedidos} en total.`;
}
