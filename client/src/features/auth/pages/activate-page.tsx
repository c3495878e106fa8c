import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ACTIVACION_PIDE_CONTRASENA, CUENTA_YA_ACTIVA, newPasswordSchema } from '../../../../../common/schemas/auth';
import { apiErrorMessage, parseApiError } from '../../../lib/api-errors';
import { showFormErrors } from '../../../lib/form-errors';
import { useRunOnce } from '../../../lib/use-run-once';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { nonFieldError } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import { useActivateUser } from '../api/activate-user';
import { claveActivacionDe, olvidarClaveActivacion } from '../api/clave-activacion-storage';
import { AuthCard } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';

// SPEC §8's messages.
const EXITO = 'Cuenta verificada con éxito. ¡Bienvenido/a!';
const FALLA = 'Error al verificar la cuenta. Inténtalo nuevamente.';

interface Values {
  new_password: string;
  re_new_password: string;
}

/** The server's 400 for a link opened without its signup's clave: a password must be chosen here. */
const pideContrasena = (error: unknown) => parseApiError(error).fields.new_password === ACTIVACION_PIDE_CONTRASENA;
/** The server's 403 for a link already used on an account now active (issue #20): nothing failed. */
const yaActiva = (error: unknown) => parseApiError(error).code === CUENTA_YA_ACTIVA.code;

export default function ActivatePage() {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const activate = useActivateUser();
  // Kept by this browser at signup; without it (another browser, a resent link) the server asks for a password.
  const [clave] = useState(() => claveActivacionDe(uid));
  const [eligiendo, setEligiendo] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<Values>({ resolver: zodResolver(newPasswordSchema) });
  const { errors } = formState;

  const activada = () => {
    olvidarClaveActivacion(uid);
    toast.success(EXITO);
    navigate('/');
  };

  useRunOnce(() =>
    activate.mutate(
      { uid, token, clave_activacion: clave },
      {
        onSuccess: activada,
        onError: (error) => {
          if (pideContrasena(error)) setEligiendo(true);
          else if (yaActiva(error)) olvidarClaveActivacion(uid);
          else toast.error(FALLA);
        },
      },
    ),
  );

  function onSubmit(values: Values) {
    activate.mutate(
      { uid, token, clave_activacion: clave, ...values },
      {
        onSuccess: activada,
        onError: (error) => {
          // Activated meanwhile (another tab, another device): the page says so instead of failing.
          if (yaActiva(error)) {
            olvidarClaveActivacion(uid);
            setEligiendo(false);
          } else showFormErrors(error, setError, { fields: ['new_password', 're_new_password'], fallback: FALLA, toast: FALLA });
        },
      },
    );
  }

  if (eligiendo)
    return (
      <AuthCard
        title="Activación de cuenta"
        intro="Elige una contraseña para activar tu cuenta. Te la pedimos porque abriste el enlace en otro navegador o dispositivo, o es un enlace reenviado: así, solo quien recibe el correo decide la contraseña."
      >
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="form">
          <NewPasswordFields
            labels={['Contraseña', 'Repite la contraseña']}
            password={register('new_password')}
            retype={register('re_new_password')}
            errors={{ password: errors.new_password?.message, retype: errors.re_new_password?.message ?? nonFieldError(errors) }}
          />
          <FormError message={errors.root?.server?.message} />
          <SubmitButton className="btn btn--primary btn--block" busy={activate.isPending} busyLabel="Activando...">
            Activar cuenta
          </SubmitButton>
        </form>
      </AuthCard>
    );

  if (activate.isError && yaActiva(activate.error))
    return (
      <AuthCard title="Activación de cuenta" footer={<Link to="/reset-password">¿Olvidaste tu contraseña?</Link>}>
        <p role="status">Tu cuenta ya está activa: este enlace ya se usó.</p>
        <Link className="btn btn--primary btn--block" to="/login">
          Iniciar sesión
        </Link>
      </AuthCard>
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
