import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { emailOnlySchema } from '#common/schemas/auth';
import { TextField } from '../../../ui/fields';
import { SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ resolver: zodResolver(emailOnlySchema) });

  const resetPassword = useResetPassword();

  function onSubmit(values: { email: string }) {
    // docs/producto.md §8: the request's failure is not shown; the server answers alike for every address.
    resetPassword.mutate(values, {
      onSettled: () => {
        toast.success('Se ha enviado un enlace para restablecer tu contraseña.');
        navigate('/');
      },
    });
  }

  return (
    <AuthCard
      title="Recuperar contraseña"
      intro="Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una nueva contraseña."
      footer={<Link to="/login">Volver a iniciar sesión</Link>}
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="form">
        <TextField label="Correo electrónico" type="email" autoComplete="email" {...register('email')} error={formState.errors.email?.message} />
        <SubmitButton className="btn btn--primary btn--block" busy={resetPassword.isPending} busyLabel="Enviando...">
          Enviar enlace
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
