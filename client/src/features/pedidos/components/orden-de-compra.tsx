import { formatTelefono } from '#common/chile/telefono';
import { formatDireccion, formatFechaHora } from '#common/format';
import type { PedidoDetalle } from '#common/schemas/pedidos';
import './pedidos.css';

/**
 * The head of a pedido printed as a purchase order: its number, the order it came from and both
 * parties with their razón social, RUT, giro and address: the supplier's from its company
 * (docs/decisions/024), the buyer's from the billing data it gave. Only paper shows it
 * (pedidos-recibidos.css); the screen says the same in its own sections.
 */
export function EncabezadoOrdenDeCompra({ pedido }: { pedido: PedidoDetalle }) {
  const f = pedido.facturacion;
  const e = pedido.proveedor_empresa;
  const proveedor = e
    ? [
        ['RUT', e.rut],
        ['Razón social', e.razon_social === pedido.proveedor ? '' : e.razon_social],
        ['Giro', e.giro],
        ['Dirección', formatDireccion(e.direccion, e.comuna_nombre, e.region_nombre)],
      ].filter(([, valor]) => valor?.trim())
    : [];
  const comprador = [
    ['RUT', f.rut_facturacion],
    // The buyer's name above is often its razón social already.
    ['Razón social', f.razon_social === pedido.comprador ? '' : f.razon_social],
    ['Giro', f.giro_comercial],
    ['Dirección de facturación', formatDireccion(f.direccion_facturacion, f.comuna_nombre, f.region_nombre)],
    ['Teléfono', formatTelefono(f.telefono_facturacion)],
    ['Correo', f.email_facturacion],
    ['Método de pago', f.metodo_pago_nombre],
  ].filter(([, valor]) => valor?.trim());
  return (
    <div className="orden-de-compra">
      <div className="orden-de-compra__cabeza">
        <p className="orden-de-compra__marca">Abastece</p>
        <div>
          <p className="orden-de-compra__titulo">Orden de compra N° {pedido.id}</p>
          <p>Referencia: Orden N° {pedido.orden_id}</p>
          <p>Fecha: {formatFechaHora(pedido.creado_en)}</p>
        </div>
      </div>
      <div className="orden-de-compra__partes">
        <div>
          <p className="orden-de-compra__parte">Proveedor</p>
          <p>
            <strong>{pedido.proveedor}</strong>
          </p>
          {proveedor.map(([nombre, valor]) => (
            <p key={nombre}>
              {nombre}: {valor}
            </p>
          ))}
        </div>
        <div>
          <p className="orden-de-compra__parte">Comprador</p>
          <p>
            <strong>{pedido.comprador || 'Sin nombre'}</strong>
          </p>
          {comprador.map(([nombre, valor]) => (
            <p key={nombre}>
              {nombre}: {valor}
            </p>
          ))}
        </div>
      </div>
    </div>
  );
}
