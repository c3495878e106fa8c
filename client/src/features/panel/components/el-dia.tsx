import { Link } from 'react-router';
import { formatCantidad, formatClp, formatDiaCercano } from '#common/format';
import { formatPerdidaPorPrecio } from '#common/perdidas-por-precio';
import type { Panel } from '#common/schemas/panel';
import { type Column, DataTable } from '../../../ui/data-table';

const PRODUCTOS = '/mis-productos-proovedor';

/** Pedidos waiting for the supplier's answer and those it dispatches today, each a way into its inbox. */
export function PedidosDelDia({ pendientes, hoy }: { pendientes: number; hoy: number }) {
  return (
    <section className="panel panel-dia__parte panel-dia__parte--ancha" aria-labelledby="panel-pedidos">
      <h2 id="panel-pedidos">Pedidos</h2>
      <div className="panel-dia__cifras">
        <Link className="panel-dia__cifra" to="/pedidos-recibidos?estado=pendiente">
          <strong>{pendientes}</strong> {pendientes === 1 ? 'pedido por responder' : 'pedidos por responder'}
        </Link>
        <Link className="panel-dia__cifra" to="/pedidos-recibidos?estado=confirmado">
          <strong>{hoy}</strong> por despachar hoy
        </Link>
      </div>
      {pendientes === 0 && hoy === 0 && <p className="muted">Todo al día: ningún pedido espera tu respuesta ni se despacha hoy.</p>}
    </section>
  );
}

/** Lots with stock that expire within 7 days, soonest first. */
export function LotesPorVencer({ lotes, hoy }: { lotes: Panel['lotes_por_vencer']; hoy: string }) {
  return (
    <section className="panel panel-dia__parte" aria-labelledby="panel-lotes">
      <h2 id="panel-lotes">Lotes por vencer</h2>
      {lotes.length === 0 ? (
        <p className="muted">Ningún lote vence en los próximos 7 días.</p>
      ) : (
        <>
          <p className="muted">Vencen en los próximos 7 días.</p>
          <ul className="panel-dia__lista">
            {lotes.map((l) => (
              <li key={l.lote_id}>
                <Link to={PRODUCTOS}>{l.producto}</Link>
                <span>
                  {formatCantidad(l.cantidad, l.unidad)} ·{' '}
                  {l.fecha_expiracion.slice(0, 10) === hoy ? 'vence hoy' : `vence el ${formatDiaCercano(l.fecha_expiracion, hoy)}`}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Live offers with no stock left: buyers cannot get them until a lot is added. */
export function SinStock({ ofertas }: { ofertas: Panel['sin_stock'] }) {
  return (
    <section className="panel panel-dia__parte" aria-labelledby="panel-sin-stock">
      <h2 id="panel-sin-stock">Ofertas sin stock</h2>
      {ofertas.length === 0 ? (
        <p className="muted">Todas tus ofertas tienen stock.</p>
      ) : (
        <>
          <p className="muted">No se ofrecen en las cotizaciones hasta que les agregues un lote.</p>
          <ul className="panel-dia__lista">
            {ofertas.map((o) => (
              <li key={o.proveedor_producto_id}>
                <Link to={PRODUCTOS}>{o.producto}</Link>
                <span className="muted">SKU {o.sku}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

type Venta = Panel['ventas_30_dias'][number];
const COLUMNAS_VENTAS: Column<Venta>[] = [
  { id: 'producto', header: 'Producto', cell: (v) => v.producto, sortValue: (v) => v.producto, sortLabels: { asc: 'Producto A-Z', desc: 'Producto Z-A' } },
  { id: 'cantidad', header: 'Cantidad', cell: (v) => formatCantidad(v.cantidad, v.unidad), sortValue: (v) => v.cantidad },
  {
    id: 'monto',
    header: 'Monto',
    cell: (v) => formatClp(v.monto),
    sortValue: (v) => v.monto,
    sortLabels: { asc: 'Monto menor a mayor', desc: 'Monto mayor a menor' },
  },
];

/** What the supplier sold in the last 30 days, by product, largest amount first. */
export function Ventas({ ventas }: { ventas: Panel['ventas_30_dias'] }) {
  const total = ventas.reduce((suma, v) => suma + v.monto, 0);
  return (
    <section className="panel-dia__parte panel-dia__parte--ancha panel-dia__tabla" aria-labelledby="panel-ventas">
      <div className="section-head">
        <h2 id="panel-ventas">Ventas de los últimos 30 días</h2>
        {ventas.length > 0 && <p className="panel-dia__total">Total: {formatClp(total)}</p>}
      </div>
      <DataTable
        caption="Ventas de los últimos 30 días por producto"
        rows={ventas}
        columns={COLUMNAS_VENTAS}
        rowKey={(v) => v.producto_id}
        pageSize={10}
        empty={<p>Sin ventas en los últimos 30 días.</p>}
      />
    </section>
  );
}

/**
 * Per product, how many comparisons of the last 30 days weighed its offer and chose another
 * supplier, and by how much its price was dearer (docs/decisions/025).
 */
export function PerdidasPorPrecio({ perdidas }: { perdidas: Panel['perdidas_por_precio'] }) {
  const conPerdidas = perdidas.filter((p) => p.veces > 0);
  return (
    <section className="panel panel-dia__parte panel-dia__parte--ancha" aria-labelledby="panel-perdidas">
      <h2 id="panel-perdidas">Cotizaciones perdidas por precio</h2>
      {conPerdidas.length === 0 ? (
        <p className="muted">Sin cotizaciones perdidas en los últimos 30 días.</p>
      ) : (
        <>
          <p className="muted">
            En cuántas cotizaciones de los últimos 30 días estuvo tu oferta y se eligió a otro proveedor, y cuánto más caro era tu precio que el elegido (la
            mediana).
          </p>
          <ul className="panel-dia__lista panel-dia__perdidas">
            {conPerdidas.map((p) => (
              <li key={p.producto_id}>{formatPerdidaPorPrecio(p)}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
