import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDiaLargo } from '#common/format';
import { errorFechaEntrega } from '#common/schemas/cotizaciones';
import type { ListaCotizada } from '#common/schemas/listas';
import { ApiError } from '../../../lib/api-client';
import { cotizacionGuardada, cotizanteGuardado, solicitudGuardada } from '../../../lib/flujo-cotizacion/cotizacion-storage';
import { useCotizarDeNuevo } from '../../../lib/flujo-cotizacion/repetir';
import { idFromParam } from '../../../lib/route-params';
import { useSessionExpiredHandler } from '../../../lib/session';
import { clearFlujoCotizacion } from '../../../lib/storage';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { LoadError } from '../../../ui/load-error';
import { useListaCotizada } from '../api/lista-cotizada';
import './lista-cotizada.css';

/**
 * The reminder e-mail's link (docs/producto.md §16, docs/decisions/021-recordatorios.md): loads
 * the quotation prepared for the list and hands it to the usual flow, as /confirmar-cotizacion
 * would (the request, its delivery record and the comparison in the tab), then gives its place to
 * /cotizar-resultado. One already bought, or whose delivery day has passed, says so instead.
 */
export default function ListaCotizadaPage() {
  const params = useParams();
  const id = idFromParam(params.id);
  const cotizacionId = idFromParam(params.cotizacionId);
  if (id === undefined || cotizacionId === undefined) return <NoEncontrada />;
  return <ListaCotizadaView id={id} cotizacionId={cotizacionId} />;
}

/** Why a prepared quotation can no longer be bought: already ordered, or its day is past (null: it can). */
function motivoCerrada(q: ListaCotizada, ahora: Date): { titulo: string; texto: string; orden?: number } | null {
  if (q.orden_id !== null) return { titulo: 'Ya compraste esta cotización', texto: `Es la orden de compra N° ${q.orden_id}.`, orden: q.orden_id };
  const fecha = q.cotizante.fecha_entrega;
  if (fecha !== null && errorFechaEntrega(fecha, ahora)) {
    return {
      titulo: 'Esta cotización ya no se puede comprar',
      texto: `Era para entregar el ${formatDiaLargo(fecha)}, y ya no se alcanza a despachar ese día.`,
    };
  }
  return null;
}

function ListaCotizadaView({ id, cotizacionId }: { id: number; cotizacionId: number }) {
  const consulta = useListaCotizada(id, cotizacionId);
  const navigate = useNavigate();
  const onExpired = useSessionExpiredHandler();
  const cotizarDeNuevo = useCotizarDeNuevo();
  const cerrada = consulta.data ? motivoCerrada(consulta.data, new Date()) : null;
  const abierta = consulta.data && !cerrada ? consulta.data : undefined;

  useEffect(() => {
    if (consulta.error) onExpired(consulta.error);
  }, [consulta.error, onExpired]);
  useEffect(() => {
    if (!abierta) return;
    // A new quotation in the tab: nothing of one in progress (its rows, its choice) mixes with it.
    clearFlujoCotizacion();
    solicitudGuardada.set(abierta.solicitud);
    cotizanteGuardado.set({ ...abierta.cotizante, solicitud_id: abierta.solicitud.id });
    cotizacionGuardada.set(abierta.cotizacion);
    navigate('/cotizar-resultado', { replace: true });
  }, [abierta, navigate]);

  if (consulta.isPending || abierta) return <DelayedSpinner label="Abriendo la cotización de tu lista..." />;
  if (consulta.isError) {
    if (consulta.error instanceof ApiError && consulta.error.status === 404) return <NoEncontrada />;
    return (
      <section className="page page--narrow">
        <h1>Cotización de tu lista</h1>
        <LoadError error={consulta.error} fallback="No pudimos abrir la cotización." onRetry={() => consulta.refetch()} />
      </section>
    );
  }
  const lineas = consulta.data.solicitud.detalles.map((d) => ({ producto: d.producto_id, cantidad: d.cantidad, nombre: d.producto_nombre }));
  return (
    <section className="page page--narrow">
      <div className="panel empty" role="alert">
        <h1>{cerrada!.titulo}</h1>
        <p>{cerrada!.texto} Cotiza los mismos productos con los precios y el stock de hoy.</p>
        <div className="lista-cotizada__acciones">
          <button type="button" className="btn btn--primary" onClick={() => cotizarDeNuevo(lineas)}>
            Cotizar de nuevo
          </button>
          {cerrada!.orden !== undefined && (
            <Link to={`/ordenes/${cerrada!.orden}`} className="btn btn--secondary">
              Ver la orden
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}

function NoEncontrada() {
  return (
    <section className="page page--narrow">
      <div className="panel empty" role="alert">
        <h1>No encontramos esta cotización</h1>
        <p>El enlace no corresponde a una cotización de tus listas: revisa que hayas iniciado sesión con la cuenta que recibió el correo.</p>
        <Link to="/listas" className="btn btn--primary">
          Ir a Mis listas
        </Link>
      </div>
    </section>
  );
}
