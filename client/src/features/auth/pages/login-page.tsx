import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { type LoginInput, loginSchema } from '#common/schemas/auth';
import { apiErrorMessage, parseApiError } from '../../../lib/api-errors';
import { SERVER_ERROR, showFormErrors } from '../../../lib/form-errors';
import { rolLogin } from '../../../lib/roles';
import { destinoTrasLogin } from '../../../lib/ruta-de-regreso';
import { TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import { useLogin } from '../api/create-jwt';
import { useResendActivation } from '../api/resend-activation';
import { AuthCard } from '../components/auth-card';

/** The server's code for the right password on an account not activated yet (docs/decisions/003). */
const CUENTA_INACTIVA = 'cuenta_inactiva';
const CUENTA_INACTIVA_MENSAJE = 'Tu cuenta aún no está activada. Revisa tu correo o pide un nuevo enlace de activación.';
/** The failed attempt's toast: gone once the next attempt succeeds or the visitor leaves /login. */
const LOGIN_FALLIDO_TOAST_ID = 'login-fallido';

export default function LoginPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const login = useLogin();
  const resend = useResendActivation();
  // The address of an account that is not active yet: /login offers to send its link again.
  const [inactiva, setInactiva] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<LoginInput>({ resolver: zodResolver(loginSchema) });
  const { errors } = formState;
  useEffect(() => () => void toast.dismiss(LOGIN_FALLIDO_TOAST_ID), []);

  function onSubmit(values: LoginInput) {
    setInactiva(null);
    login.mutate(values, {
      onSuccess: (user) => {
        // What a failed attempt or a guard said ('Debes iniciar sesión') no longer holds.
        toast.dismiss();
        toast.success(`Bienvenid@, has ingresado como ${rolLogin(user)}.`);
        // Back to the page the visitor came from (?next=, a path of this site only), else home
        // (docs/producto.md §2): a supplier's is its panel (§17); docs/decisions/018-flujos-y-avisos.md.
        // Replace, not push: /login is done with, so Back returns to the page before it. A pushed
        // /login stayed in the history, and going back to it while / was still loading stuck there.
        navigate(destinoTrasLogin(search, user), { replace: true });
      },
      onError: (error) => {
        const parsed = parseApiError(error);
        if (parsed.code === CUENTA_INACTIVA) {
          setInactiva(values.email);
          setError(SERVER_ERROR, { type: 'server', message: parsed.general ?? CUENTA_INACTIVA_MENSAJE });
          return;
        }
        // docs/producto.md §8: the server's detail, or the generic message.
        showFormErrors(error, setError, {
          fields: ['email', 'password'],
          fallback: 'Error desconocido. Por favor, intenta de nuevo.',
          toastId: LOGIN_FALLIDO_TOAST_ID,
        });
      },
    });
  }

  function reenviar() {
    if (!inactiva) return;
    resend.mutate(
      { email: inactiva },
      {
        onSuccess: () => toast.success('Te enviamos un nuevo enlace de activación.'),
        onError: (error) => toast.error(apiErrorMessage(error, 'No pudimos enviar el correo de activación. Inténtalo nuevamente.')),
      },
    );
  }

  return (
    <AuthCard
      title="Iniciar sesión"
      intro="Ingresa para cotizar, comprar o administrar tu catálogo."
      footer={
        <>
          <Link to="/reset-password">¿Olvidaste tu contraseña?</Link>
          <span>
            ¿No tienes cuenta? <Link to="/signup">Registrarme</Link>
          </span>
        </>
      }
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="form">
        <TextField label="Correo electrónico" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
        <TextField label="Contraseña" type="password" autoComplete="current-password" {...register('password')} error={errors.password?.message} />
        <FormError message={errors.root?.server?.message}>
          {inactiva && (
            <SubmitButton type="button" className="btn btn--secondary" busy={resend.isPending} busyLabel="Enviando..." onClick={reenviar}>
              Reenviar correo de activación
            </SubmitButton>
          )}
        </FormError>
        <SubmitButton className="btn btn--primary btn--block" busy={login.isPending} busyLabel="Ingresando...">
          Iniciar sesión
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
