import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { newPasswordSchema } from '../../../../../common/schemas/auth';
import { ApiError } from '../../../lib/api-client';
import { nonFieldError } from '../../../ui/fields';
import { toast } from '../../../ui/toast';
import { confirmResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';

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
        <NewPasswordFields
          labels={['Nueva contraseña', 'Repite la nueva contraseña']}
          password={register('new_password')}
          retype={register('re_new_password')}
          errors={{ password: errors.new_password?.message, retype: errors.re_new_password?.message ?? nonFieldError(errors) }}
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={formState.isSubmitting}>
          Guardar contraseña
        </button>
      </form>
    </AuthCard>
  );
}
