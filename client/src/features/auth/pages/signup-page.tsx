import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type SignupInput, signupSchema } from '#common/schemas/auth';
import { showFormErrors } from '../../../lib/form-errors';
import { ROL_SIGNUP_PARAM } from '../../../lib/roles';
import { nonFieldError, TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import { guardarClaveActivacion } from '../api/clave-activacion-storage';
import { useCreateUser } from '../api/create-user';
import { AuthCard } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';
import type { RolRegistro } from '../components/rol-choice';
import { RolYNombreFields } from '../components/rol-y-nombre-fields';

export default function SignupPage() {
  const navigate = useNavigate();
  // docs/producto.md §5: the role is a single choice, buyer by default; '?rol=proveedor' (from 'Sube tu stock') picks supplier.
  const [params] = useSearchParams();
  const [rol, setRol] = useState<RolRegistro>(params.get(ROL_SIGNUP_PARAM) === 'proveedor' ? 'proveedor' : 'comprador');
  const { register, handleSubmit, formState, setError } = useForm<SignupInput>({ resolver: zodResolver(signupSchema) });
  const { errors } = formState;
  const createUser = useCreateUser();

  function onSubmit(values: SignupInput) {
    createUser.mutate(
      { ...values, is_comprador: rol === 'comprador', is_proveedor: rol === 'proveedor' },
      {
        onSuccess: (creada) => {
          // The link opened in this browser then keeps the password typed here.
          guardarClaveActivacion(creada.email, creada.clave_activacion);
          toast.success('Cuenta creada. Te enviamos un correo para activarla.');
          navigate('/login');
        },
        // docs/producto.md §8's toast, and the server's reason beside its field (e.g. an e-mail already registered).
        onError: (error) =>
          showFormErrors(error, setError, {
            fields: ['first_name', 'last_name', 'email', 'password', 're_password'],
            fallback: 'Hubo un problema al crear tu cuenta. Inténtalo nuevamente.',
            toast: 'Hubo un problema al crear tu cuenta. Inténtalo nuevamente.',
          }),
      },
    );
  }

  return (
    <AuthCard
      title="Crear cuenta"
      intro="Compra al mejor precio mayorista o vende tu stock a restoranes, hoteles y comercios."
      footer={
        <span>
          ¿Ya tienes cuenta? <Link to="/login">Iniciar Sesión</Link>
        </span>
      }
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="form">
        <RolYNombreFields
          legend="Quiero registrarme como"
          rol={rol}
          onRolChange={setRol}
          firstName={register('first_name')}
          lastName={register('last_name')}
          errors={{ firstName: errors.first_name?.message, lastName: errors.last_name?.message }}
        />
        <TextField label="Correo electrónico" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
        <NewPasswordFields
          labels={['Contraseña', 'Repite la contraseña']}
          password={register('password')}
          retype={register('re_password')}
          errors={{ password: errors.password?.message, retype: errors.re_password?.message ?? nonFieldError(errors) }}
        />
        <FormError message={errors.root?.server?.message} />
        <SubmitButton className="btn btn--primary btn--block" busy={createUser.isPending} busyLabel="Creando cuenta...">
          Crear cuenta
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
