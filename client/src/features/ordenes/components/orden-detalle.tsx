import type { ReactNode } from 'react';
import { formatDiaLargo } from '#common/format';
import { facturaTexto, type OrdenDetalle, type PedidoDetalle, pagoTexto } from '#common/schemas/pedidos';
import { EntregaFacturacionPanels } from '../../../ui/entrega-facturacion';
import { EstadoPedidoBadge } from '../../../ui/estado-pedido';
import { OrdenCabeza, PedidosDeOrden, PedidoTitulo } from './orden-secciones';
import './orden-detalle.css';

interface OrdenDetalleProps {
  orden: OrdenDetalle;
  /** What the viewer may do with a pedido (the buyer annuls a pendiente one); nothing when not given. */
  accionesPedido?(pedido: PedidoDetalle): ReactNode;
  /** What the viewer may do with the whole order, under its head ('Cotizar de nuevo'). */
  acciones?: ReactNode;
}

/**
 * An order as its buyer follows it on /ordenes/:id: number, date, delivery and
 * billing as placed, the total (delivery fees included), and one card per supplier's
 * pedido with its state, lines, fee, total and history (a rejection's reason included).
 */
export function OrdenDetalleView({ orden, accionesPedido, acciones }: OrdenDetalleProps) {
  return (
    <article className="orden-detalle" aria-labelledby="orden-detalle-titulo">
      <OrdenCabeza orden={orden} tituloId="orden-detalle-titulo" />
      {acciones}

      <div className="orden-detalle__datos">
        <EntregaFacturacionPanels
          entrega={orden.entrega}
          facturacion={orden.facturacion}
          textoSinFecha={orden.pedidos.some((p) => p.entrega.fecha_entrega) ? 'La de cada pedido, abajo' : undefined}
        />
      </div>

      <PedidosDeOrden
        pedidos={orden.pedidos}
        tituloId="orden-detalle-pedidos"
        acciones={accionesPedido}
        cabeza={(p) => (
          <div className="pedido-card__cabeza">
            <div>
              <PedidoTitulo pedido={p} />
              {/* Each supplier may come another day: its own, as the comparison showed it. */}
              {p.entrega.fecha_entrega && <p className="muted">Entrega el {formatDiaLargo(p.entrega.fecha_entrega)}</p>}
              {/* Its supplier's invoice and payment, read-only (docs/decisions/026). */}
              {p.factura_numero && (
                <p className="pedido-card__factura">
                  {facturaTexto(p.factura_numero, p.factura_fecha)}
                  {p.pagado_el && ` · ${pagoTexto(p.pagado_el)}`}
                </p>
              )}
            </div>
            <EstadoPedidoBadge estado={p.estado} parcial={p.parcial} />
          </div>
        )}
      />
    </article>
  );
}
