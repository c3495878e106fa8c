import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { LoadError } from '../../../ui/load-error';
import { useSeguimiento } from '../api/ordenes';
import { SeguimientoDetalle } from '../components/seguimiento-detalle';
import './orden.css';

/**
 * /seguimiento/:token: the order for whoever holds the link of its e-mails, without
 * logging in: each pedido's state, day, comuna and lines, none of the buyer's data (a link can be
 * forwarded; docs/decisions/011). It only shows: annulling is the buyer's, on its account's
 * /ordenes/:id, and an order is not annulled from a link anyone may have been forwarded.
 */
export default function SeguimientoPage() {
  const { token = '' } = useParams();
  const orden = useSeguimiento(token);

  if (orden.isPending) return <DelayedSpinner label="Cargando tu orden..." />;
  if (orden.isError) {
    if (orden.error instanceof ApiError && orden.error.status === 404) return <EnlaceDesconocido />;
    return (
      <section className="page page--narrow">
        <h1>Seguimiento de tu orden</h1>
        <LoadError error={orden.error} fallback="No pudimos cargar tu orden." onRetry={() => orden.refetch()} />
      </section>
    );
  }
  return (
    <section className="page">
      <SeguimientoDetalle orden={orden.data} />
    </section>
  );
}

function EnlaceDesconocido() {
  return (
    <section className="page page--narrow">
      <div className="panel empty" role="alert">
        <h1>No encontramos esta orden</h1>
        <p>El enlace de seguimiento no es válido. Revisa que esté completo, tal como llegó en tu correo.</p>
        <Link to="/" className="btn btn--secondary">
          Volver al inicio
        </Link>
      </div>
    </section>
  );
}
