import type { ReactNode } from 'react';
import { formatClp, formatDiaLargo, formatFechaHora } from '../../../../../common/format';
import type { OrdenDetalle, PedidoDetalle } from '../../../../../common/schemas/pedidos';
import { EntregaFacturacionPanels } from './entrega-facturacion';
import { EstadoPedidoBadge } from './estado-pedido';
import { EventosPedido } from './eventos-pedido';
import { LineasPedido } from './lineas-pedido';
import { totalVigente } from './total-vigente';
import './orden-detalle.css';

interface OrdenDetalleProps {
  orden: OrdenDetalle;
  /** What the viewer may do with a pedido (the buyer annuls a pendiente one); nothing when not given. */
  accionesPedido?(pedido: PedidoDetalle): ReactNode;
}

/**
 * An order as its buyer follows it (issue #19), the same on /ordenes/:id and on its tracking link:
 * number, date, delivery and billing as placed, the total (delivery fees included, issue #22), and
 * one card per supplier's pedido with its state, lines, fee, total and history (a rejection's reason included).
 */
export function OrdenDetalleView({ orden, accionesPedido }: OrdenDetalleProps) {
  const vigente = totalVigente(orden.pedidos);
  const despacho = orden.pedidos.reduce((suma, p) => suma + p.costo_despacho, 0);
  return (
    <article className="orden-detalle" aria-labelledby="orden-detalle-titulo">
      <header className="orden-detalle__cabeza">
        <div>
          <h1 id="orden-detalle-titulo">Orden de compra N° {orden.id}</h1>
          <p className="muted">Realizada el {formatFechaHora(orden.creado_en)}</p>
        </div>
        <div className="orden-detalle__totales">
          <p className="orden-detalle__total">
            Total: <strong>{formatClp(orden.total)}</strong>
          </p>
          {despacho > 0 && <p className="muted">Incluye {formatClp(despacho)} de despacho</p>}
          {vigente !== undefined && <p className="muted">Vigente: {formatClp(vigente)}, sin los pedidos anulados o rechazados</p>}
        </div>
      </header>

      <div className="orden-detalle__datos">
        <EntregaFacturacionPanels
          entrega={orden.entrega}
          facturacion={orden.facturacion}
          textoSinFecha={orden.pedidos.some((p) => p.entrega.fecha_entrega) ? 'La de cada pedido, abajo' : undefined}
        />
      </div>

      <section className="orden-detalle__pedidos" aria-labelledby="orden-detalle-pedidos">
        <h2 id="orden-detalle-pedidos">{orden.pedidos.length === 1 ? 'Pedido' : `Pedidos (${orden.pedidos.length}), uno por proveedor`}</h2>
        <ul>
          {orden.pedidos.map((p) => (
            <li key={p.id} className="panel pedido-card" aria-labelledby={`pedido-${p.id}`}>
              <div className="pedido-card__cabeza">
                <div>
                  <h3 id={`pedido-${p.id}`}>
                    Pedido N° {p.id} · {p.proveedor}
                  </h3>
                  {/* Each supplier may come another day (issue #22): its own, as the comparison showed it. */}
                  {p.entrega.fecha_entrega && <p className="muted">Entrega el {formatDiaLargo(p.entrega.fecha_entrega)}</p>}
                </div>
                <EstadoPedidoBadge estado={p.estado} />
              </div>
              <div className="pedido-card__cuerpo">
                <LineasPedido pedido={p} />
                <div className="pedido-card__historial">
                  <h4>Historial</h4>
                  <EventosPedido eventos={p.eventos} label={`Historial del pedido N° ${p.id}`} />
                </div>
              </div>
              {accionesPedido && <div className="pedido-card__acciones">{accionesPedido(p)}</div>}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
