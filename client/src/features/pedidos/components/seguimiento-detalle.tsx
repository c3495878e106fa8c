import { formatClp, formatFechaEntrega, formatFechaHora } from '../../../../../common/format';
import type { EstadoPedido, Seguimiento } from '../../../../../common/schemas/pedidos';
import { DatosList } from '../../../ui/datos-list';
import { EstadoPedidoBadge } from './estado-pedido';
import { EventosPedido } from './eventos-pedido';
import { LineasPedido } from './lineas-pedido';
import { totalVigente } from './total-vigente';
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
  const vigente = totalVigente(orden.pedidos);
  return (
    <article className="orden-detalle" aria-labelledby="seguimiento-titulo">
      <header className="orden-detalle__cabeza">
        <div>
          <h1 id="seguimiento-titulo">Orden de compra N° {orden.id}</h1>
          <p className="muted">Realizada el {formatFechaHora(orden.creado_en)}</p>
        </div>
        <div className="orden-detalle__totales">
          <p className="orden-detalle__total">
            Total: <strong>{formatClp(orden.total)}</strong>
          </p>
          {vigente !== undefined && <p className="muted">Vigente: {formatClp(vigente)}, sin los pedidos anulados o rechazados</p>}
        </div>
      </header>
      <p className="muted seguimiento__aviso">
        Cada proveedor confirma, despacha y entrega su pedido por separado. Este enlace muestra el estado, la entrega y los productos de cada pedido; los datos
        de contacto y de facturación solo se ven en la cuenta que compró.
      </p>

      <section className="orden-detalle__pedidos" aria-labelledby="seguimiento-pedidos">
        <h2 id="seguimiento-pedidos">{orden.pedidos.length === 1 ? 'Pedido' : `Pedidos (${orden.pedidos.length}), uno por proveedor`}</h2>
        <ul>
          {orden.pedidos.map((p) => (
            <li key={p.id} className="panel pedido-card" aria-labelledby={`pedido-${p.id}`}>
              <div className="seguimiento-pedido__estado">
                <EstadoPedidoBadge estado={p.estado} />
                <span>{QUE_SIGNIFICA[p.estado]}</span>
              </div>
              <div>
                <h3 id={`pedido-${p.id}`} className="seguimiento-pedido__titulo">
                  Pedido N° {p.id} · {p.proveedor}
                </h3>
                <DatosList
                  label={`Entrega del pedido N° ${p.id}`}
                  rows={[
                    ['Fecha de entrega', formatFechaEntrega(p.fecha_entrega)],
                    ['Comuna', p.comuna_nombre],
                  ]}
                />
              </div>
              <div className="pedido-card__cuerpo">
                <LineasPedido pedido={p} />
                <div className="pedido-card__historial">
                  <h4>Historial</h4>
                  <EventosPedido eventos={p.eventos} label={`Historial del pedido N° ${p.id}`} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
