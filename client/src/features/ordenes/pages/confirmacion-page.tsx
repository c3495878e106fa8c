import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { z } from '../../../../../common/zod-es';
// The quotation flow's session storage belongs to the screens that write it; the order ends the flow.
import { eleccionGuardada } from '../../comparacion/api/eleccion-storage';
import { cotizacionGuardada, cotizanteGuardado, filasCotizacion, solicitudGuardada } from '../../cotizaciones/api/cotizacion-storage';
import './ordenes.css';

/** What /facturacion passes on: history state is the user's to edit, so it is read through a schema too. */
const estadoSchema = z.object({ orden_id: z.number().int().positive() });

/**
 * SPEC §4.6: the order ends the quotation flow. Its rows, request, quotation id and results,
 * delivery record (contact id and date) and the buyer's choice leave session storage, so the
 * next /cotizar starts clean and Back cannot place the same quotation again.
 */
function clearFlujoCotizacion() {
  for (const guardado of [filasCotizacion, solicitudGuardada, cotizacionGuardada, cotizanteGuardado, eleccionGuardada]) guardado.remove();
}

/** SPEC §2 Confirmation: success animation, 'Número de orden' and 'Volver al inicio'. */
export default function ConfirmacionPage() {
  const estado = estadoSchema.safeParse(useLocation().state);
  useEffect(() => {
    clearFlujoCotizacion();
    // Comprar sits at the bottom of a long page: the success starts at the top, where it shows.
    window.scrollTo(0, 0);
  }, []);
  if (!estado.success) return <Navigate to="/" replace />;

  return (
    <section className="page page--narrow page--center confirmacion">
      <div className="panel">
        <svg className="confirmacion__check" viewBox="0 0 52 52" aria-hidden="true">
          <circle className="confirmacion__circulo" cx="26" cy="26" r="24" />
          <path className="confirmacion__marca" d="M15 27l7 7 15-16" />
        </svg>
        <h1>¡Tu orden fue creada con éxito!</h1>
        <p className="confirmacion__numero">
          Número de orden: <strong>{estado.data.orden_id}</strong>
        </p>
        <p className="muted">Los proveedores recibirán tu pedido. Puedes verlo en tu historial de órdenes de compra.</p>
        <Link to="/" className="btn btn--primary btn--lg">
          Volver al inicio
        </Link>
      </div>
    </section>
  );
}
