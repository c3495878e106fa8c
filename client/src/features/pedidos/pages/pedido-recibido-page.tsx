import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { formatFechaHora } from '#common/format';
import { PEDIDO_NO_ENCONTRADO, type PedidoDetalle } from '#common/schemas/pedidos';
import { ApiError } from '../../../lib/api-client';
import { useSessionExpiredHandler } from '../../../lib/session';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { LoadError } from '../../../ui/load-error';
import { usePedido } from '../api/pedidos';
import { AccionesPedido } from '../components/acciones-pedido';
import { ResponderReclamo } from '../components/responder-reclamo';
import { RecepcionPedido } from '../../../ui/recepcion-pedido';
import { EntregaFacturacionPanels } from '../../../ui/entrega-facturacion';
import { EstadoPedidoBadge } from '../../../ui/estado-pedido';
import { EventosPedido } from '../../../ui/eventos-pedido';
import { LineasPedido } from '../../../ui/lineas-pedido';
import { FacturaPago } from '../components/factura-pago';
import { idFromParam } from '../../../lib/route-params';
import './pedidos-recibidos.css';

const ERROR_PEDIDO = 'No se pudo cargar el pedido.';

/** Back to the list as it was left (its page, state and search), else to its first page. */
function VolverALista() {
  const { state } = useLocation();
  const lista = typeof state?.lista === 'string' && state.lista.startsWith('?') ? state.lista : '';
  return (
    <Link to={`/pedidos-recibidos${lista}`} className="pedido-recibido__volver">
      ← Volver a Pedidos Recibidos
    </Link>
  );
}

/** /pedidos-recibidos/:id: one pedido for its supplier, its next moves, its invoice and payment, and a way to its purchase order. */
export default function PedidoRecibidoPage() {
  const id = idFromParam(useParams().id);
  if (id === undefined) return <NoEncontrado />;
  return <PedidoRecibido id={id} />;
}

function PedidoRecibido({ id }: { id: number }) {
  const pedido = usePedido(id);
  const onExpired = useSessionExpiredHandler();
  useEffect(() => {
    if (pedido.error) onExpired(pedido.error);
  }, [pedido.error, onExpired]);

  if (pedido.isPending) return <DelayedSpinner label="Cargando pedido..." />;
  if (pedido.isError) {
    if (pedido.error instanceof ApiError && pedido.error.status === 404) return <NoEncontrado />;
    return (
      <section className="page page--narrow">
        <h1>Pedido N° {id}</h1>
        <LoadError error={pedido.error} fallback={ERROR_PEDIDO} onRetry={() => pedido.refetch()} />
        <VolverALista />
      </section>
    );
  }
  return <Detalle pedido={pedido.data} />;
}

function NoEncontrado() {
  return (
    <section className="page page--narrow">
      <div className="panel empty" role="alert">
        <h1 className="pedido-recibido__no-encontrado">{PEDIDO_NO_ENCONTRADO}</h1>
        <p>Revisa el número: aquí solo están los pedidos hechos a tu empresa.</p>
        <Link to="/pedidos-recibidos" className="btn btn--secondary">
          Ver Pedidos Recibidos
        </Link>
      </div>
    </section>
  );
}

function Detalle({ pedido }: { pedido: PedidoDetalle }) {
  return (
    <article className="page pedido-recibido">
      <div className="pedido-recibido__pantalla">
        <VolverALista />
        <div className="section-head pedido-recibido__cabeza">
          <h1>
            Pedido N° {pedido.id} <EstadoPedidoBadge estado={pedido.estado} parcial={pedido.parcial} />
          </h1>
          {/* The document both parties print, in a view of its own (docs/decisions/026). */}
          <Link to={`/pedidos/${pedido.id}/orden-de-compra`} className="btn btn--secondary">
            Imprimir orden de compra
          </Link>
        </div>
        <dl className="pedido-recibido__resumen">
          {/* The number the printed document, the Excel and the buyer use for this pedido; and 'Fecha del
              pedido', not 'Recibido', which reads as the buyer's receipt (docs/producto.md §18). */}
          <div>
            <dt>Orden de compra</dt>
            <dd>N° {pedido.numero}</dd>
          </div>
          <div>
            <dt>Fecha del pedido</dt>
            <dd>{formatFechaHora(pedido.creado_en)}</dd>
          </div>
          <div>
            <dt>Comprador</dt>
            <dd>{pedido.comprador || <span className="muted">Sin nombre</span>}</dd>
          </div>
        </dl>
      </div>

      <div className="pedido-recibido__cuerpo">
        <section className="panel pedido-recibido__acciones" aria-labelledby="pedido-acciones">
          <h2 id="pedido-acciones">Próximo paso</h2>
          <AccionesPedido pedido={pedido} />
        </section>
        <FacturaPago pedido={pedido} />

        <div className="pedido-recibido__principal">
          {/* Long lines scroll here, beside the next step and the invoice; focusable, so a keyboard scrolls them too. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe scrollable-region-focusable). */}
          <section className="pedido-recibido__lineas" aria-labelledby="pedido-productos" tabIndex={0}>
            <h2 id="pedido-productos">Productos</h2>
            <LineasPedido pedido={pedido} />
          </section>
          <EntregaFacturacionPanels entrega={pedido.entrega} facturacion={pedido.facturacion} />
        </div>

        {pedido.recibido_en !== null && (
          <section className="panel pedido-recibido__recepcion" aria-labelledby="pedido-reclamo">
            <h2 id="pedido-reclamo">{pedido.reclamo ? 'Recepción y reclamo' : 'Recepción'}</h2>
            <RecepcionPedido pedido={pedido} />
            <ResponderReclamo pedido={pedido} />
          </section>
        )}

        <section className="panel pedido-recibido__historial" aria-labelledby="pedido-historial">
          <h2 id="pedido-historial">Historial</h2>
          <EventosPedido eventos={pedido.eventos} label={`Historial del pedido N° ${pedido.id}`} />
        </section>
      </div>
    </article>
  );
}
