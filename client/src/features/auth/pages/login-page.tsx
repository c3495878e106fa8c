import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type LoginInput, loginSchema } from '../../../../../common/schemas/auth';
import { ApiError } from '../../../lib/api-client';
import { rolLogin } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { TextField } from '../../../ui/fields';
import { toast } from '../../../ui/toast';
import { createJwt } from '../api/create-jwt';
import { AuthCard } from '../components/auth-card';

export default function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<LoginInput>({ resolver: zodResolver(loginSchema) });

  async function onSubmit(values: LoginInput) {
    try {
      const user = await session.signIn(await createJwt(values));
      if (!user) throw new Error('perfil');
      toast.success(`Bienvenid@, has ingresado como ${rolLogin(user)}.`);
      navigate('/');
    } catch (error) {
      const detail = error instanceof ApiError && typeof (error.data as { detail?: unknown })?.detail === 'string' ? error.message : null;
      toast.error(detail ?? 'Error desconocido. Por favor, intenta de nuevo.');
    }
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
        <TextField label="Correo electrónico" type="email" autoComplete="email" {...register('email')} error={formState.errors.email?.message} />
        <TextField label="Contraseña" type="password" autoComplete="current-password" {...register('password')} error={formState.errors.password?.message} />
        <button type="submit" className="btn btn--primary btn--block" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Ingresando...' : 'Iniciar sesión'}
        </button>
      </form>
    </AuthCard>
  );
}
