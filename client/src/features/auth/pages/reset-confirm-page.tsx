import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { newPasswordSchema } from '../../../../../common/schemas/auth';
import { ApiError } from '../../../lib/api-client';
import { nonFieldError, TextField } from '../../../ui/fields';
import { toast } from '../../../ui/toast';
import { confirmResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';

interface Values {
  new_password: string;
  re_new_password: string;
}

export default function ResetConfirmPage() {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(newPasswordSchema) });
  const { errors } = formState;

  async function onSubmit(values: Values) {
    try {
      await confirmResetPassword({ uid, token, ...values });
      toast.success('Contraseña restablecida exitosamente.');
      navigate('/');
    } catch (error) {
      const reason = error instanceof ApiError ? ((error.data as { detail?: string })?.detail ?? error.field('token') ?? error.field('new_password') ?? error.field('uid')) : undefined;
      toast.error(reason ?? 'Hubo un error. Por favor, intenta de nuevo.');
    }
  }

  return (
    <AuthCard title="Nueva contraseña" intro="Elige la nueva contraseña de tu cuenta." footer={<Link to="/reset-password">Pedir un enlace nuevo</Link>}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="form">
        <TextField label="Nueva contraseña" type="password" autoComplete="new-password" hint="Al menos 6 caracteres." {...register('new_password')} error={errors.new_password?.message} />
        <TextField
          label="Repite la nueva contraseña"
          type="password"
          autoComplete="new-password"
          {...register('re_new_password')}
          error={errors.re_new_password?.message ?? nonFieldError(errors)}
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={formState.isSubmitting}>
          Guardar contraseña
        </button>
      </form>
    </AuthCard>
  );
}
