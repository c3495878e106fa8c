import { Link, useNavigate, useParams } from 'react-router';
import { apiErrorMessage, parseApiError } from '../../../lib/api-errors';
import { SubmitButton } from '../../../ui/form-controls';
import { useConfirmarOrden } from '../api/confirmar-orden';
import type { OrdenCreadaState } from './confirmacion-page';
import './compra.css';

const FALLA = 'No pudimos confirmar tu orden. Inténtalo nuevamente.';

/**
 * /confirmar-orden/:token, the link of the e-mail 'Confirma tu orden' (docs/decisions/007,
 * 'Órdenes sin cuenta'). Opening it buys nothing: a purchase takes the button, so a mail scanner
 * that follows links cannot place it. Confirmed, /confirmacion shows the order as for any other.
 * Refused (an unknown or lapsed link, stock gone, terms changed), it says why and how to buy: quote again.
 */
export default function ConfirmarOrdenPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const confirmar = useConfirmarOrden();

  function onConfirmar() {
    confirmar.mutate(token, {
      onSuccess: ({ cotizacion_id: _, ...orden }) => navigate('/confirmacion', { state: orden satisfies OrdenCreadaState }),
    });
  }

  // A refusal of the server (404, 410, 409) says what happened; a network error or a 5xx may be retried.
  const { status } = parseApiError(confirmar.error);
  const rechazada = status !== undefined && status >= 400 && status < 500;

  return (
    <section className="page page--narrow confirmar-orden">
      <div className="panel">
        <h1>Confirma tu orden</h1>
        {rechazada ? (
          <>
            <p role="alert" className="form-error">
              {apiErrorMessage(confirmar.error, FALLA)}
            </p>
            <Link to="/cotizar" className="btn btn--primary">
              Cotizar de nuevo
            </Link>
          </>
        ) : (
          <>
            <p>Al confirmar se compra la orden: se toma el stock y cada proveedor recibe su pedido. Hasta entonces no se ha comprado nada.</p>
            {confirmar.isError && (
              <p role="alert" className="form-error">
                {apiErrorMessage(confirmar.error, FALLA)}
              </p>
            )}
            <SubmitButton type="button" busy={confirmar.isPending} busyLabel="Confirmando..." onClick={onConfirmar}>
              Confirmar mi orden
            </SubmitButton>
            <p className="muted">Si no pediste esta orden, cierra esta página: sin confirmar, se anula sola y no se compra nada.</p>
          </>
        )}
      </div>
    </section>
  );
}
