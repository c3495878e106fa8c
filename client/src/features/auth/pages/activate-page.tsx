import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { toast } from '../../../ui/toast';
import { activateUser } from '../api/activate-user';
import { AuthCard } from '../components/auth-card';

export default function ActivatePage() {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  // The link is single-use: activate once even when React runs effects twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    activateUser({ uid, token })
      .then(() => {
        toast.success('Cuenta verificada con éxito. ¡Bienvenido/a!');
        navigate('/');
      })
      .catch(() => {
        toast.error('Error al verificar la cuenta. Inténtalo nuevamente.');
        setFailed(true);
      });
  }, [uid, token, navigate]);

  return (
    <AuthCard title="Activación de cuenta">
      {failed ? (
        <p>
          No pudimos activar tu cuenta con este enlace: puede haber expirado o ya fue usado. Si ya la activaste, <Link to="/login">inicia sesión</Link>.
        </p>
      ) : (
        <>
          <p>Estamos verificando tu cuenta...</p>
          <DelayedSpinner label="Verificando..." />
        </>
      )}
    </AuthCard>
  );
}
