import { formatFechaEntrega } from '#common/format';
import type { EstadoPedido, Seguimiento } from '#common/schemas/pedidos';
import { DatosList } from '../../../ui/datos-list';
import { EstadoPedidoBadge } from '../../../ui/estado-pedido';
import { OrdenCabeza, PedidosDeOrden, PedidoTitulo } from './orden-secciones';
import './orden-detalle.css';
import './seguimiento-detalle.css';

/** What each state means to whoever follows the order, under its badge. */
const QUE_SIGNIFICA: Record<EstadoPedido, string> = {
  pendiente: 'El proveedor aún no lo confirma.',
  confirmado: 'El proveedor lo confirmó y lo está preparando.',
  despachado: 'Va en camino.',
  entregado: 'El proveedor lo marcó como entregado.',
  rechazado: 'El proveedor lo rechazó: no se cobrará.',
  anulado: 'Se anuló: no se cobrará.',
};

/**
 * An order as its tracking link shows it (docs/decisions/011 §Enlace de seguimiento): per
 * supplier, the state first, then the delivery day and comuna, the lines and the history. The
 * link may have been forwarded, so the API gives no contact or billing data and none is shown.
 */
export function SeguimientoDetalle({ orden }: { orden: Seguimiento }) {
  return (
    <article className="orden-detalle" aria-labelledby="seguimiento-titulo">
      <OrdenCabeza orden={orden} tituloId="seguimiento-titulo" />
      <p className="muted seguimiento__aviso">
        Cada proveedor confirma, despacha y entrega su pedido por separado. Este enlace muestra el estado, la entrega y los productos de cada pedido; los datos
        de contacto y de facturación solo se ven en la cuenta que compró.
      </p>

      <PedidosDeOrden
        pedidos={orden.pedidos}
        tituloId="seguimiento-pedidos"
        cabeza={(p) => (
          <>
            <div className="seguimiento-pedido__estado">
              <EstadoPedidoBadge estado={p.estado} parcial={p.parcial} />
              <span>{QUE_SIGNIFICA[p.estado]}</span>
            </div>
            <div>
              <PedidoTitulo pedido={p} className="seguimiento-pedido__titulo" />
              <DatosList
                label={`Entrega del pedido N° ${p.id}`}
                rows={[
                  ['Fecha de entrega', formatFechaEntrega(p.fecha_entrega)],
                  ['Comuna', p.comuna_nombre],
                ]}
              />
            </div>
          </>
        )}
      />
    </article>
  );
}
