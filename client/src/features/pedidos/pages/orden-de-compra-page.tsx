import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { PEDIDO_NO_ENCONTRADO, type PedidoDetalle } from '#common/schemas/pedidos';
import { usePageTitle } from '../../../app/route-title';
import { ApiError } from '../../../lib/api-client';
import { idFromParam } from '../../../lib/route-params';
import { useSession, useSessionExpiredHandler } from '../../../lib/session';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { LoadError } from '../../../ui/load-error';
import { OrdenDeCompra, tituloOrdenDeCompra } from '../../../ui/orden-de-compra';
import { usePedido } from '../api/pedidos';
import './orden-de-compra-page.css';

/**
 * /pedidos/:id/orden-de-compra: the purchase order of one pedido, to print, for both parties alike
 * (docs/decisions/026): its supplier from /pedidos-recibidos/:id, its buyer from /ordenes/:id. It
 * reads GET /api/pedidos/{id}/, so whoever else opens it is told the pedido does not exist.
 */
export default function OrdenDeCompraPage() {
  const id = idFromParam(useParams().id);
  if (id === undefined) return <NoEncontrado />;
  return <Vista id={id} />;
}

function Vista({ id }: { id: number }) {
  const pedido = usePedido(id);
  const onExpired = useSessionExpiredHandler();
  useEffect(() => {
    if (pedido.error) onExpired(pedido.error);
  }, [pedido.error, onExpired]);
  // The tab's title is the name the browser gives the saved PDF.
  usePageTitle(pedido.data ? tituloOrdenDeCompra(pedido.data) : undefined);

  if (pedido.isPending) return <DelayedSpinner label="Cargando la orden de compra..." />;
  if (pedido.isError) {
    if (pedido.error instanceof ApiError && pedido.error.status === 404) return <NoEncontrado />;
    return (
      <section className="page page--narrow">
        <h1>Orden de compra</h1>
        <LoadError error={pedido.error} fallback="No se pudo cargar la orden de compra." onRetry={() => pedido.refetch()} />
      </section>
    );
  }
  return (
    <section className="page orden-de-compra-vista">
      <div className="orden-de-compra-vista__barra">
        <Volver pedido={pedido.data} />
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          Imprimir
        </button>
      </div>
      <OrdenDeCompra pedido={pedido.data} />
    </section>
  );
}

/** Back to where each party follows the pedido: the supplier's pedido, the buyer's order. */
function Volver({ pedido }: { pedido: PedidoDetalle }) {
  const { is_proveedor } = useSession();
  return is_proveedor ? (
    <Link to={`/pedidos-recibidos/${pedido.id}`}>← Volver al pedido N° {pedido.id}</Link>
  ) : (
    <Link to={`/ordenes/${pedido.orden_id}`}>← Volver a la orden N° {pedido.orden_id}</Link>
  );
}

function NoEncontrado() {
  return (
    <section className="page page--narrow">
      <div className="panel empty" role="alert">
        <h1>{PEDIDO_NO_ENCONTRADO}</h1>
        <p>Solo el proveedor del pedido y quien lo compró pueden ver su orden de compra.</p>
        <Link to="/" className="btn btn--secondary">
          Ir al inicio
        </Link>
      </div>
    </section>
  );
}
