import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { lineasARepetir } from '#common/repetir';
import { ORDEN_NO_ENCONTRADA, type OrdenDetalle, type PedidoDetalle, puedeAnular } from '#common/schemas/pedidos';
import { ApiError } from '../../../lib/api-client';
import { useCotizarDeNuevo } from '../../../lib/flujo-cotizacion/repetir';
import { GuardarComoLista } from '../../../lib/listas/guardar-como-lista';
import { useSessionExpiredHandler } from '../../../lib/session';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { LoadError } from '../../../ui/load-error';
import { useOrden } from '../api/ordenes';
import { AnularPedido } from '../components/anular-pedido';
import { OrdenDetalleView } from '../components/orden-detalle';
import { puedeRegistrarRecepcion, RegistrarRecepcion } from '../components/registrar-recepcion';
import { RecepcionPedido } from '../../../ui/recepcion-pedido';
import { idFromParam } from '../../../lib/route-params';
import './orden.css';

/** /ordenes/:id: the logged-in buyer's own order, pedido by pedido, each with its purchase order to print; a pendiente one (or one confirmed partially) can be annulled. */
export default function OrdenPage() {
  const id = idFromParam(useParams().id);
  if (id === undefined) return <OrdenNoEncontrada />;
  return <Orden id={id} />;
}

function Orden({ id }: { id: number }) {
  const orden = useOrden(id);
  const onExpired = useSessionExpiredHandler();
  useEffect(() => {
    if (orden.error) onExpired(orden.error);
  }, [orden.error, onExpired]);

  if (orden.isPending) return <DelayedSpinner label="Cargando la orden..." />;
  if (orden.isError) {
    // Another buyer's order answers 404 too: to this one it does not exist.
    if (orden.error instanceof ApiError && orden.error.status === 404) return <OrdenNoEncontrada />;
    return (
      <section className="page page--narrow">
        <h1>Orden N° {id}</h1>
        <LoadError error={orden.error} fallback="No pudimos cargar la orden." onRetry={() => orden.refetch()} />
      </section>
    );
  }
  return (
    <section className="page">
      <Link to="/ordenes" className="orden-page__volver">
        ← Volver a mis órdenes de compra
      </Link>
      <OrdenDetalleView orden={orden.data} acciones={<VolverAComprar orden={orden.data} />} accionesPedido={(p) => <AccionesDelComprador pedido={p} />} />
    </section>
  );
}

/**
 * What the buyer may do with each pedido: annul it while pendiente (or confirmed for less, until dispatched); once it arrives, record what
 * arrived and follow its claim (docs/producto.md §18).
 */
function AccionesDelComprador({ pedido }: { pedido: PedidoDetalle }) {
  return (
    <>
      {/* The purchase order both parties print, one per pedido (docs/decisions/026). */}
      <Link to={`/pedidos/${pedido.id}/orden-de-compra`} className="btn btn--secondary" aria-label={`Imprimir orden de compra N° ${pedido.numero}`}>
        Imprimir orden de compra
      </Link>
      {puedeAnular(pedido) && <AnularPedido pedido={pedido} />}
      <RecepcionPedido pedido={pedido} />
      {puedeRegistrarRecepcion(pedido) && <RegistrarRecepcion pedido={pedido} />}
    </>
  );
}

/**
 * 'Cotizar de nuevo' and 'Guardar como lista' (docs/producto.md §16): the order's products, once
 * each, with the quantities bought from every supplier summed and rounded up to the whole number
 * /cotizar takes (docs/decisions/022); /cotizar names and leaves out those no longer sold.
 */
function VolverAComprar({ orden }: { orden: OrdenDetalle }) {
  const cotizarDeNuevo = useCotizarDeNuevo();
  const lineas = orden.pedidos.flatMap((p) => p.lineas);
  const productos = lineasARepetir(lineas);
  if (productos.length === 0) return null;
  const nombres = new Map(lineas.map((l) => [l.producto, l.producto_nombre]));
  return (
    <div className="orden-page__acciones">
      <button type="button" className="btn btn--primary" onClick={() => cotizarDeNuevo(productos.map((l) => ({ ...l, nombre: nombres.get(l.producto) })))}>
        Cotizar de nuevo
      </button>
      <GuardarComoLista productos={productos} />
    </div>
  );
}

function OrdenNoEncontrada() {
  return (
    <section className="page page--narrow">
      <div className="panel empty" role="alert">
        <h1>{ORDEN_NO_ENCONTRADA}</h1>
        <p>Aquí solo están las órdenes de compra hechas con tu cuenta.</p>
        <Link to="/ordenes" className="btn btn--secondary">
          Ver mis órdenes de compra
        </Link>
      </div>
    </section>
  );
}
