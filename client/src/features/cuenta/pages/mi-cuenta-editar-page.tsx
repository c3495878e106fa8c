import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type PerfilInput, perfilSchema } from '../../../../../common/schemas/cuenta';
import { ApiError } from '../../../lib/api-client';
import { rolCuenta } from '../../../lib/roles';
import { useSession, useSessionExpiredHandler } from '../../../lib/session';
import { TextField } from '../../../ui/fields';
import { toast } from '../../../ui/toast';
import { updatePerfil } from '../api/update-perfil';

/** SPEC §8 Edit account: which toast a failed save shows. */
function mensajeDeError(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) {
    if (error.field('email')) return 'Este correo ya está en uso';
    if (error.field('telefono')) return 'El teléfono no es válido';
    return 'Revisa los datos ingresados';
  }
  return 'Error al actualizar los datos';
}

export default function MiCuentaEditarPage() {
  const session = useSession();
  const navigate = useNavigate();
  const onExpired = useSessionExpiredHandler();
  const user = session.user;
  const { register, handleSubmit, formState } = useForm<PerfilInput>({
    resolver: zodResolver(perfilSchema),
    defaultValues: user ? { first_name: user.first_name, last_name: user.last_name, email: user.email, telefono: user.telefono, fecha_nacimiento: user.fecha_nacimiento ?? '' } : undefined,
  });
  const { errors } = formState;

  useEffect(() => {
    if (!user) {
      toast.error('No se pudieron cargar los datos del usuario');
      navigate('/mi-cuenta');
    }
  }, [user, navigate]);
  if (!user) return null;

  async function onSubmit(values: PerfilInput) {
    try {
      await updatePerfil(values);
      await session.reload();
      toast.success('¡Datos actualizados correctamente!');
      navigate('/mi-cuenta');
    } catch (error) {
      if (!onExpired(error)) toast.error(mensajeDeError(error));
    }
  }

  return (
    <section>
      <h1>Editar mis datos</h1>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="form panel">
        <div className="form__row">
          <TextField label="Nombre" autoComplete="given-name" {...register('first_name')} error={errors.first_name?.message} />
          <TextField label="Apellido" autoComplete="family-name" {...register('last_name')} error={errors.last_name?.message} />
        </div>
        <TextField label="Correo electrónico" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
        <div className="form__row">
          <TextField label="Teléfono" type="tel" autoComplete="tel" placeholder="+56912345678" {...register('telefono')} error={errors.telefono?.message} />
          <TextField label="Fecha de nacimiento" type="date" {...register('fecha_nacimiento')} error={errors.fecha_nacimiento?.message} />
        </div>
        <TextField label="Tipo de usuario" value={rolCuenta(user)} readOnly disabled hint="El tipo de usuario no se puede cambiar." />
        <div className="form__actions">
          <button type="button" className="btn btn--ghost" onClick={() => navigate('/mi-cuenta')}>
            Cancelar
          </button>
          <button type="submit" className="btn btn--primary" disabled={formState.isSubmitting}>
            Guardar Cambios
          </button>
        </div>
      </form>
    </section>
  );
}
