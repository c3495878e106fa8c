import { Link, useNavigate, useParams } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-errors';
import { useRunOnce } from '../../../lib/use-run-once';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { toast } from '../../../ui/toast';
import { useActivateUser } from '../api/activate-user';
import { AuthCard } from '../components/auth-card';

const FALLA = 'Error al verificar la cuenta. Inténtalo nuevamente.';

export default function ActivatePage() {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const activate = useActivateUser();
  useRunOnce(() =>
    activate.mutate(
      { uid, token },
      {
        onSuccess: () => {
          toast.success('Cuenta verificada con éxito. ¡Bienvenido/a!');
          navigate('/');
        },
        onError: () => toast.error(FALLA),
      },
    ),
  );

  return (
    <AuthCard title="Activación de cuenta">
      {activate.isError ? (
        <>
          <p role="alert">{apiErrorMessage(activate.error, FALLA)}</p>
          <p>
            Si ya activaste tu cuenta, <Link to="/login">inicia sesión</Link>; si no, intenta iniciar sesión y te ofreceremos enviarte un enlace nuevo.
          </p>
        </>
      ) : (
        <>
          <p>Estamos verificando tu cuenta...</p>
          <DelayedSpinner label="Verificando..." />
        </>
      )}
    </AuthCard>
  );
}
