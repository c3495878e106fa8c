import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-errors';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { toast } from '../../../ui/toast';
import { useActivateUser } from '../api/activate-user';
import { AuthCard } from '../components/auth-card';

const FALLA = 'Error al verificar la cuenta. Inténtalo nuevamente.';

export default function ActivatePage() {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const activate = useActivateUser();
  // The link is single-use: activate once even when React runs effects twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    activate.mutate(
      { uid, token },
      {
        onSuccess: () => {
          toast.success('Cuenta verificada con éxito. ¡Bienvenido/a!');
          navigate('/');
        },
        onError: () => toast.error(FALLA),
      },
    );
  }, [uid, token, navigate, activate]);

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
