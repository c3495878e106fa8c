import { formatTelefono } from '#common/chile/telefono';
import { formatCantidad, formatClp, formatDespacho, formatDireccion, formatFechaEntrega, formatFechaLarga } from '#common/format';
import { PRECIOS_NETOS } from '#common/iva';
import type { PedidoDetalle } from '#common/schemas/pedidos';
import { MontosIva } from './montos-iva';
import './orden-de-compra.css';

type Fila = readonly [string, string];
const conValor = (filas: readonly Fila[]) => filas.filter(([, valor]) => valor.trim());

/** The document's title and file name: the order's number the buyer knows and the pedido's place in it (docs/decisions/026). */
export const tituloOrdenDeCompra = (pedido: { numero: string }) => `Orden de compra N° ${pedido.numero}`;

/**
 * A pedido as the purchase order both parties print (docs/decisions/026 §La orden de compra como
 * documento): issued by the buyer with its billing data, to the supplier with its company as the
 * pedido copied it (docs/decisions/024); the day, delivery day and address, the lines (ordered and,
 * when confirmed for less, confirmed), the delivery fee and Neto / IVA / Total. One A4 page for a
 * pedido of 15 lines: compact type, a plain table (the screens' sortable one has no place on paper).
 */
export function OrdenDeCompra({ pedido }: { pedido: PedidoDetalle }) {
  const f = pedido.facturacion;
  const e = pedido.proveedor_empresa;
  const comprador = conValor([
    ['RUT', f.rut_facturacion],
    ['Giro', f.giro_comercial],
    ['Dirección', formatDireccion(f.direccion_facturacion, f.comuna_nombre, f.region_nombre)],
    ['Teléfono', formatTelefono(f.telefono_facturacion)],
    ['Correo', f.email_facturacion],
  ]);
  const proveedor = e
    ? conValor([
        ['RUT', e.rut],
        ['Giro', e.giro],
        ['Dirección', formatDireccion(e.direccion, e.comuna_nombre, e.region_nombre)],
        ['Teléfono', formatTelefono(e.telefono)],
        ['Correo', e.correo_ventas],
      ])
    : [];
  const entrega = pedido.entrega;
  const credito = pedido.reclamo?.estado === 'aceptado' ? (pedido.reclamo.monto_credito ?? 0) : 0;
  return (
    <article className="orden-de-compra" aria-labelledby={`orden-de-compra-${pedido.id}`}>
      <header className="orden-de-compra__cabeza">
        <p className="orden-de-compra__marca">Abastece</p>
        <div className="orden-de-compra__numero">
          <h1 id={`orden-de-compra-${pedido.id}`}>{tituloOrdenDeCompra(pedido)}</h1>
          <p>Fecha: {formatFechaLarga(pedido.creado_en)}</p>
          <p>Entrega: {formatFechaEntrega(entrega.fecha_entrega)}</p>
        </div>
      </header>

      <div className="orden-de-compra__partes">
        <Parte titulo="Comprador" nombre={f.razon_social.trim() || pedido.comprador || 'Sin nombre'} filas={comprador} vacio="Sin datos de facturación." />
        <Parte titulo="Proveedor" nombre={e?.razon_social.trim() || pedido.proveedor} filas={proveedor} />
      </div>

      <section className="orden-de-compra__entrega" aria-label="Entrega">
        <p>
          <strong>Despachar a:</strong> {formatDireccion(entrega.direccion_envio, entrega.comuna_nombre, entrega.region_nombre)}
        </p>
        <p>
          <strong>Contacto:</strong>{' '}
          {[entrega.nombre_contacto, formatTelefono(entrega.telefono_contacto), entrega.correo_contacto].filter((v) => v.trim()).join(' · ') || '—'}
        </p>
        {f.metodo_pago_nombre.trim() && (
          <p>
            <strong>Pago:</strong> {f.metodo_pago_nombre}
          </p>
        )}
      </section>

      {/* Narrower than its table on a phone it scrolls, so a keyboard must reach it (axe scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus. */}
      <section className="orden-de-compra__tabla" aria-label={`Productos de la ${tituloOrdenDeCompra(pedido).toLowerCase()}`} tabIndex={0}>
        <table>
          <caption className="visually-hidden">Productos de la {tituloOrdenDeCompra(pedido).toLowerCase()}</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Producto</th>
              <th scope="col">Marca</th>
              <th scope="col" className="orden-de-compra__num">
                {pedido.parcial ? 'Pedido' : 'Cantidad'}
              </th>
              {pedido.parcial && (
                <th scope="col" className="orden-de-compra__num">
                  Confirmado
                </th>
              )}
              <th scope="col" className="orden-de-compra__num">
                Precio neto
              </th>
              <th scope="col" className="orden-de-compra__num">
                Subtotal
              </th>
            </tr>
          </thead>
          <tbody>
            {pedido.lineas.map((l) => (
              <tr key={l.id}>
                <td className="orden-de-compra__sku">{l.sku}</td>
                <td>{l.producto_nombre}</td>
                <td>{l.marca}</td>
                <td className="orden-de-compra__num">{formatCantidad(l.cantidad, l.unidad)}</td>
                {pedido.parcial && <td className="orden-de-compra__num">{formatCantidad(l.cantidad_confirmada ?? l.cantidad, l.unidad)}</td>}
                <td className="orden-de-compra__num">{formatClp(l.precio)}</td>
                <td className="orden-de-compra__num">{formatClp(l.subtotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <div className="orden-de-compra__montos">
        <dl className="montos-iva orden-de-compra__sumas">
          <div className="montos-iva__fila">
            <dt>Productos</dt>
            <dd>{formatClp(pedido.total - pedido.costo_despacho)}</dd>
          </div>
          <div className="montos-iva__fila">
            <dt>Despacho</dt>
            <dd>{formatDespacho(pedido.costo_despacho)}</dd>
          </div>
        </dl>
        <MontosIva montos={pedido} credito={credito} label={`Montos de la ${tituloOrdenDeCompra(pedido).toLowerCase()}`} />
      </div>
      <p className="orden-de-compra__pie">{PRECIOS_NETOS} El IVA se calcula una vez sobre el neto de esta orden.</p>
    </article>
  );
}

function Parte({ titulo, nombre, filas, vacio }: { titulo: string; nombre: string; filas: readonly Fila[]; vacio?: string }) {
  return (
    <section className="orden-de-compra__parte" aria-label={titulo}>
      <h2>{titulo}</h2>
      <p>
        <strong>{nombre}</strong>
      </p>
      {filas.length === 0 && vacio && <p className="orden-de-compra__vacio">{vacio}</p>}
      {filas.map(([nombreFila, valor]) => (
        <p key={nombreFila}>
          {nombreFila}: {valor}
        </p>
      ))}
    </section>
  );
}
