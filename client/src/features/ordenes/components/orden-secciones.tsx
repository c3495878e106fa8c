import type { ReactNode } from 'react';
import { formatClp, formatFechaHora } from '#common/format';
import type { PedidoDetalle } from '#common/schemas/pedidos';
import { EventosPedido } from '../../../ui/eventos-pedido';
import { LineasPedido } from '../../../ui/lineas-pedido';
import { MontosIva } from '../../../ui/montos-iva';
import type { MontosIva as Montos } from '#common/iva';
import './orden-detalle.css';

// What the buyer's /ordenes/:id and the tracking link /seguimiento/:token show alike: the order's
// head and one card per supplier's pedido. What differs (billing, the state's place) stays with each.

/** What a pedido's card needs; the tracking link's pedido has it too, without the buyer's data. */
type PedidoDeLaOrden = Pick<
  PedidoDetalle,
  'id' | 'proveedor' | 'estado' | 'lineas' | 'costo_despacho' | 'total' | 'neto' | 'iva' | 'total_con_iva' | 'eventos'
> & {
  reclamo?: PedidoDetalle['reclamo'];
};

/** The id of a pedido's heading, which names its card. */
const pedidoTituloId = (id: number) => `pedido-${id}`;

interface OrdenCabezaProps {
  orden: Montos & { id: number; creado_en: string; total: number; pedidos: readonly PedidoDeLaOrden[] };
  tituloId: string;
}

/**
 * The order's number, date and its Neto / IVA / Total as it stands (its pedidos not annulled nor
 * rejected, as confirmed, less credits; IVA once on that: docs/decisions/026), the delivery fees it
 * includes (no buyer's data: the tracking link shows them too), and what it was when placed when
 * that changed.
 */
export function OrdenCabeza({ orden, tituloId }: OrdenCabezaProps) {
  const despacho = orden.pedidos.reduce((suma, p) => suma + p.costo_despacho, 0);
  return (
    <header className="orden-detalle__cabeza">
      <div>
        <h1 id={tituloId}>Orden de compra N° {orden.id}</h1>
        <p className="muted">Realizada el {formatFechaHora(orden.creado_en)}</p>
      </div>
      <div className="orden-detalle__totales">
        <MontosIva montos={orden} label={`Montos de la orden N° ${orden.id}`} />
        {despacho > 0 && <p className="muted">Incluye {formatClp(despacho)} de despacho, neto</p>}
        {orden.neto !== orden.total && (
          <p className="muted">Al comprar: {formatClp(orden.total)} neto. Sin lo anulado, rechazado, no confirmado o acreditado.</p>
        )}
      </div>
    </header>
  );
}

/** A pedido card's heading, inside the card's top: it names the card. */
export function PedidoTitulo({ pedido, className }: { pedido: Pick<PedidoDeLaOrden, 'id' | 'proveedor'>; className?: string }) {
  return (
    <h3 id={pedidoTituloId(pedido.id)} className={className}>
      Pedido N° {pedido.id} · {pedido.proveedor}
    </h3>
  );
}

interface PedidosDeOrdenProps<P extends PedidoDeLaOrden> {
  pedidos: readonly P[];
  tituloId: string;
  /** The card's top, with its PedidoTitulo: the state and the delivery, as each page orders them. */
  cabeza(pedido: P): ReactNode;
  /** What the viewer may do with a pedido, at the card's foot; nothing when not given. */
  acciones?(pedido: P): ReactNode;
}

/** One card per supplier's pedido: its top, its lines with fee and total, and its history. */
export function PedidosDeOrden<P extends PedidoDeLaOrden>({ pedidos, tituloId, cabeza, acciones }: PedidosDeOrdenProps<P>) {
  return (
    <section className="orden-detalle__pedidos" aria-labelledby={tituloId}>
      <h2 id={tituloId}>{pedidos.length === 1 ? 'Pedido' : `Pedidos (${pedidos.length}), uno por proveedor`}</h2>
      <ul>
        {pedidos.map((p) => (
          <li key={p.id} className="panel pedido-card" aria-labelledby={pedidoTituloId(p.id)}>
            {cabeza(p)}
            <div className="pedido-card__cuerpo">
              <LineasPedido pedido={p} />
              <div className="pedido-card__historial">
                <h4>Historial</h4>
                <EventosPedido eventos={p.eventos} label={`Historial del pedido N° ${p.id}`} />
              </div>
            </div>
            {acciones && <div className="pedido-card__acciones">{acciones(p)}</div>}
          </li>
        ))}
      </ul>
    </section>
  );
}
