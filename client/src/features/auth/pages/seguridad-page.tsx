import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type SetPasswordInput, setPasswordSchema } from '#common/schemas/auth';
import { showFormErrors } from '../../../lib/form-errors';
import { useSession, useSessionExpiredHandler } from '../../../lib/session';
import { nonFieldError, TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import { useSetPassword } from '../api/set-password';
import { NewPasswordFields } from '../components/new-password-fields';

const CONTRASENA_ACTUALIZADA = 'Contraseña actualizada. Cerramos tus otras sesiones.';
const FALLA = 'No se pudo cambiar la contraseña. Inténtalo nuevamente.';

/** 'Seguridad' of the profile: a new password, proven by the current one; the other sessions end. */
export default function SeguridadPage() {
  const navigate = useNavigate();
  const session = useSession();
  const onExpired = useSessionExpiredHandler();
  const cambio = useSetPassword();
  const { register, handleSubmit, formState, setError } = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { current_password: '', new_password: '', re_new_password: '' },
  });
  const { errors } = formState;

  function onSubmit(values: SetPasswordInput) {
    cambio.mutate(values, {
      onSuccess: ({ sesionRenovada }) => {
        if (sesionRenovada) {
          toast.success(CONTRASENA_ACTUALIZADA);
          navigate('/mi-perfil');
          return;
        }
        // Changed, but this browser could not log in again (offline, say): its old tokens are dead.
        navigate('/login');
        session.signOut();
        toast.success('Contraseña actualizada. Inicia sesión con tu nueva contraseña.');
      },
      onError: (error) => {
        if (onExpired(error)) return;
        showFormErrors(error, setError, { fields: ['current_password', 'new_password', 're_new_password'], fallback: FALLA, toast: null });
      },
    });
  }

  return (
    <section>
      <h1>Seguridad</h1>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="form panel">
        <div>
          <h2>Cambiar contraseña</h2>
          <p className="muted">Al cambiarla cerramos tu sesión en los demás equipos y navegadores; en este sigues conectado.</p>
        </div>
        <TextField
          label="Contraseña actual"
          type="password"
          autoComplete="current-password"
          {...register('current_password')}
          error={errors.current_password?.message}
        />
        <NewPasswordFields
          labels={['Nueva contraseña', 'Repite la nueva contraseña']}
          password={register('new_password')}
          retype={register('re_new_password')}
          errors={{ password: errors.new_password?.message, retype: errors.re_new_password?.message ?? nonFieldError(errors) }}
        />
        <FormError message={errors.root?.server?.message} />
        <div className="form__actions">
          <button type="button" className="btn btn--ghost" onClick={() => navigate('/mi-perfil')}>
            Cancelar
          </button>
          <SubmitButton busy={cambio.isPending} busyLabel="Guardando...">
            Cambiar contraseña
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
