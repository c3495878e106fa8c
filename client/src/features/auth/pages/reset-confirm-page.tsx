import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { newPasswordSchema } from '#common/schemas/auth';
import { showFormErrors } from '../../../lib/form-errors';
import { nonFieldError } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import { useConfirmResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';

interface Values {
  new_password: string;
  re_new_password: string;
}

export default function ResetConfirmPage() {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const { register, handleSubmit, formState, setError } = useForm<Values>({ resolver: zodResolver(newPasswordSchema) });
  const { errors } = formState;
  const confirm = useConfirmResetPassword();

  function onSubmit(values: Values) {
    confirm.mutate(
      { uid, token, ...values },
      {
        onSuccess: () => {
          toast.success('Contraseña restablecida exitosamente.');
          navigate('/');
        },
        // docs/producto.md §8: the reason (a used or expired link reads as such, with the way out) or the generic message.
        onError: (error) =>
          showFormErrors(error, setError, {
            fields: ['new_password', 're_new_password'],
            fallback: 'Hubo un error. Por favor, intenta de nuevo.',
            toast: null,
          }),
      },
    );
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
        <FormError message={errors.root?.server?.message} />
        <SubmitButton className="btn btn--primary btn--block" busy={confirm.isPending} busyLabel="Guardando...">
          Guardar contraseña
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
