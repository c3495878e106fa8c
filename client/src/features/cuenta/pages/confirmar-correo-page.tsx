import { Link, useNavigate, useParams } from 'react-router';
import { parseApiError } from '../../../lib/api-errors';
import { tokens } from '../../../lib/storage';
import { useRunOnce } from '../../../lib/use-run-once';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { toast } from '../../../ui/toast';
import { useConfirmEmail } from '../api/confirm-email';

const FALLA = 'No pudimos confirmar tu nuevo correo. Inténtalo nuevamente.';

/** /confirmar-correo/:uid/:token, the link sent to the new address of an e-mail change (public). */
export default function ConfirmarCorreoPage() {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const confirm = useConfirmEmail();
  useRunOnce(() =>
    confirm.mutate(
      { uid, token },
      {
        onSuccess: () => {
          toast.success('Tu correo fue actualizado.');
          // The link may be opened logged out, or on another device.
          navigate(tokens.access() ? '/mi-cuenta' : '/');
        },
      },
    ),
  );

  // The token's or the e-mail's own reason (a used link, an address taken meanwhile), else ours.
  const { fields, general } = parseApiError(confirm.error);
  const motivo = fields.token ?? fields.uid ?? fields.email ?? general ?? FALLA;

  return (
    <section className="page page--narrow">
      <div className="panel">
        <h1>Confirmar correo</h1>
        {confirm.isError ? (
          <>
            <p role="alert">{motivo}</p>
            <p>
              Puedes volver a pedir el cambio desde <Link to="/mi-cuenta-editar">Modificar datos</Link>.
            </p>
          </>
        ) : (
          <>
            <p>Estamos confirmando tu nuevo correo...</p>
            <DelayedSpinner label="Confirmando..." />
          </>
        )}
      </div>
    </section>
  );
}
