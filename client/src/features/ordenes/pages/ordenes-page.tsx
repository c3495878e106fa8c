import { formatTelefono } from '#common/chile/telefono';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatClp, formatDiaLargo, formatFechaLarga, SIN_FECHA_ENTREGA } from '#common/format';
import { type Facturacion, type OrdenResumen, PEDIDOS_POR_PAGINA } from '#common/schemas/pedidos';
import { type DatosFacturacion, type HistorialOrden, historialOrdenes } from '../../../lib/historial-ordenes';
import { useLogout, useSession, useSessionExpiredHandler } from '../../../lib/session';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DatosList } from '../../../ui/datos-list';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { EntryCard } from '../../../ui/entry-card';
import { ExportarExcel } from '../../../ui/exportar-excel';
import { LoadError } from '../../../ui/load-error';
import { Pagination } from '../../../ui/pagination';
import { toast } from '../../../ui/toast';
import { useOrdenes } from '../api/ordenes';
import { EstadoPedidoBadge } from '../../../ui/estado-pedido';
import { MontosIva } from '../../../ui/montos-iva';
import { ReclamoBadge } from '../../../ui/recepcion-pedido';
import { pageFromParam } from '../../../lib/route-params';
import './ordenes.css';

/** docs/producto.md §2 Order history: the billing rows of each order, in this order. */
const facturacionRows = (d: DatosFacturacion): [string, string][] => [
  ['RUT', d.rut],
  ['Razón social', d.razon_social],
  ['Giro comercial', d.giro_comercial],
  ['Dirección', d.direccion_facturacion],
  ['Teléfono', formatTelefono(d.telefono)],
  ['Región', d.region],
  ['Comuna', d.comuna],
  ['Rubro', d.rubro],
  ['Método de pago', d.metodo_pago_nombre],
];

/** An order on the server, read as the browser's history keeps its billing data. */
const toDatosFacturacion = (f: Facturacion): DatosFacturacion => ({
  rut: f.rut_facturacion,
  razon_social: f.razon_social,
  giro_comercial: f.giro_comercial,
  direccion_facturacion: f.direccion_facturacion,
  telefono: f.telefono_facturacion,
  region: f.region_nombre,
  comuna: f.comuna_nombre,
  rubro: f.rubro_nombre,
  metodo_pago_nombre: f.metodo_pago_nombre,
});

function FacturacionRows({ datos, ordenId }: { datos: DatosFacturacion; ordenId: number }) {
  const rows = facturacionRows(datos);
  // The buyer answered No to the billing question (docs/producto.md §2 Billing): nine empty rows would say less than this.
  if (rows.every(([, value]) => !value.trim())) return <p className="muted">Compra sin datos de facturación.</p>;
  return <DatosList label={`Datos de facturación de la orden N° ${ordenId}`} rows={rows} />;
}

/**
 * docs/producto.md §2 Order history ('Historial de Órdenes de Compra'), a buyer's. A supplier's
 * /ordenes are the pedidos it received: app/ordenes-segun-rol.tsx chooses.
 */
export default function OrdenesPage() {
  const session = useSession();
  // Nothing is asked for before the user is known.
  if (session.isLoading) return <DelayedSpinner />;
  return <HistorialOrdenes />;
}

/**
 * The buyer's orders from the server, newest first with each supplier's pedido and its state; and
 * below them the orders this browser placed without an account (docs/producto.md §3 historialOrdenes), which
 * only this browser knows of. An order in both is shown once, from the server.
 */
function HistorialOrdenes() {
  const session = useSession();
  const logout = useLogout('/login');
  const onExpired = useSessionExpiredHandler();
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const server = useOrdenes(page);
  const [local, setLocal] = useState(() => historialOrdenes.get() ?? []);
  const [porEliminar, setPorEliminar] = useState<HistorialOrden | null>(null);

  useEffect(() => {
    if (server.error) onExpired(server.error);
  }, [server.error, onExpired]);

  function eliminar(orden: HistorialOrden) {
    const quedan = local.filter((o) => o !== orden);
    historialOrdenes.set(quedan);
    setLocal(quedan);
    setPorEliminar(null);
    toast.success('Orden eliminada del historial');
  }

  const ordenes = server.data?.results ?? [];
  const onServer = new Set(ordenes.map((o) => o.id));
  // An order placed with an account is that account's on the server: this browser's copy of it
  // is not shown (nor to another account logged in here). Entries from before pedidos existed have no
  // account: those the server lists on this page are shown from the server.
  const sinCuenta = server.isPending ? [] : local.filter((o) => o.usuario_id === undefined && !onServer.has(o.orden_id)).reverse();
  const pageCount = Math.max(1, Math.ceil((server.data?.count ?? 0) / PEDIDOS_POR_PAGINA));
  const isEmpty = server.isSuccess && server.data.count === 0 && sinCuenta.length === 0;

  return (
    <section className="page ordenes">
      <div>
        <h1>Historial de Órdenes de Compra</h1>
        <p className="muted">Hola, {session.user?.first_name}. Aquí están tus órdenes de compra y el estado del pedido de cada proveedor.</p>
      </div>
      <div className="section-head">
        <Link to="/historial">Ver historial de cotizaciones</Link>
        <button type="button" className="btn btn--ghost" onClick={logout}>
          Cerrar sesión
        </button>
      </div>

      {server.isPending ? (
        <DelayedSpinner label="Cargando tus órdenes de compra..." />
      ) : server.isError ? (
        <LoadError error={server.error} fallback="No pudimos cargar tus órdenes de compra." onRetry={() => server.refetch()} />
      ) : isEmpty ? (
        <div className="panel empty">
          <p>Aún no tienes órdenes de compra en tu historial.</p>
          <Link to="/cotizar" className="btn btn--primary">
            Crear nueva órden
          </Link>
        </div>
      ) : (
        server.data.count > 0 && (
          <>
            <ExportarExcel de="ordenes" />
            <ul className="entry-list">
              {ordenes.map((o) => (
                <OrdenServidor key={o.id} orden={o} />
              ))}
            </ul>
            <Pagination
              page={page}
              pageCount={pageCount}
              label="Páginas de órdenes de compra"
              onChange={(p) => {
                setParams(p === 1 ? {} : { page: String(p) });
                window.scrollTo(0, 0);
              }}
            />
          </>
        )
      )}

      {sinCuenta.length > 0 && (
        <section className="ordenes__locales" aria-labelledby="ordenes-sin-cuenta">
          <h2 id="ordenes-sin-cuenta">Compras sin iniciar sesión en este navegador</h2>
          <p className="muted">Solo este navegador las recuerda. Sigue cada una con el enlace de su correo de confirmación.</p>
          <ul className="entry-list">
            {sinCuenta.map((o) => (
              <EntryCard
                key={`${o.orden_id}-${o.fecha}`}
                title={`Orden N° ${o.orden_id}`}
                subtitle={formatFechaLarga(o.fecha)}
                deleteLabel={`Eliminar la orden N° ${o.orden_id} del historial`}
                onDelete={() => setPorEliminar(o)}
              >
                <FacturacionRows datos={o.datos_facturacion} ordenId={o.orden_id} />
                {o.seguimiento && (
                  <Link
                    to={`/seguimiento/${o.seguimiento}`}
                    className="btn btn--secondary ordenes__detalle"
                    aria-label={`Ver seguimiento de la orden N° ${o.orden_id}`}
                  >
                    Ver seguimiento
                  </Link>
                )}
              </EntryCard>
            ))}
          </ul>
        </section>
      )}

      <ConfirmDialog
        open={porEliminar !== null}
        title="¿Deseas eliminar esta orden del historial?"
        message="Solo se borra de este navegador; la orden de compra sigue vigente."
        variant="danger"
        confirmLabel="Eliminar"
        cancelLabel="Cancelar"
        onConfirm={() => porEliminar && eliminar(porEliminar)}
        onCancel={() => setPorEliminar(null)}
      />
    </section>
  );
}

/**
 * An order on the server: each supplier's pedido with its state, and the product's billing rows. It has
 * no delete button: it is the record the suppliers work from; a pedido still pendiente is
 * annulled on the order's page instead.
 */
function OrdenServidor({ orden: o }: { orden: OrdenResumen }) {
  return (
    <EntryCard title={`Orden N° ${o.id}`} subtitle={formatFechaLarga(o.creado_en)}>
      <ul className="ordenes__pedidos" aria-label={`Pedidos de la orden N° ${o.id}`}>
        {o.pedidos.map((p) => (
          <li key={p.id}>
            <span>
              Pedido N° {p.id} · {p.proveedor} · {formatClp(p.total_con_iva)} <span className="montos-iva__nota">IVA incl.</span>
            </span>
            <span className="ordenes__estados">
              <EstadoPedidoBadge estado={p.estado} parcial={p.parcial} />
              {p.reclamo_estado && <ReclamoBadge estado={p.reclamo_estado} />}
            </span>
          </li>
        ))}
      </ul>
      {/* What stands now, IVA once on its neto (docs/decisions/026); what it was when placed, when that changed. */}
      <div className="ordenes__resumen">
        <MontosIva montos={o} label={`Total de la orden N° ${o.id}`} compacta />
        {o.neto !== o.total && <p className="muted">Al comprar: {formatClp(o.total)} neto</p>}
        <p className="muted">
          Entrega {o.fecha_entrega ? `el ${formatDiaLargo(o.fecha_entrega)}` : SIN_FECHA_ENTREGA.toLowerCase()}
          {o.comuna_nombre && ` en ${o.comuna_nombre}`}
        </p>
      </div>
      <FacturacionRows datos={toDatosFacturacion(o.facturacion)} ordenId={o.id} />
      <Link to={`/ordenes/${o.id}`} className="btn btn--secondary ordenes__detalle" aria-label={`Ver detalle de la orden N° ${o.id}`}>
        Ver detalle
      </Link>
    </EntryCard>
  );
}
