import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { formatTelefono } from '#common/chile/telefono';
import { type PerfilInput, perfilSchema } from '#common/schemas/cuenta';
import { parseApiError } from '../../../lib/api-errors';
import { showFormErrors } from '../../../lib/form-errors';
import { rolCuenta } from '../../../lib/roles';
import { useSession, useSessionExpiredHandler } from '../../../lib/session';
import { FechaField } from '../../../ui/fecha-input';
import { TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import { useUpdatePerfil } from '../api/update-perfil';

/** docs/producto.md §8 Edit account: which toast a failed save shows. */
function mensajeDeError(error: unknown): string {
  const { status, fields } = parseApiError(error);
  if (status === 400) {
    if (fields.email) return 'Este correo ya está en uso';
    if (fields.telefono) return 'El teléfono no es válido';
    return 'Revisa los datos ingresados';
  }
  return 'Error al actualizar los datos';
}

export default function MiCuentaEditarPage() {
  const session = useSession();
  const navigate = useNavigate();
  const onExpired = useSessionExpiredHandler();
  const updatePerfil = useUpdatePerfil();
  const user = session.user;
  const { register, control, handleSubmit, formState, setError } = useForm<PerfilInput>({
    resolver: zodResolver(perfilSchema),
    defaultValues: user
      ? {
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          telefono: formatTelefono(user.telefono),
          fecha_nacimiento: user.fecha_nacimiento ?? '',
        }
      : undefined,
  });
  const { errors } = formState;

  useEffect(() => {
    if (!user) {
      toast.error('No se pudieron cargar los datos del usuario');
      navigate('/mi-cuenta');
    }
  }, [user, navigate]);
  if (!user) return null;

  function onSubmit(values: PerfilInput) {
    updatePerfil.mutate(values, {
      onSuccess: (saved) => {
        toast.success('¡Datos actualizados correctamente!');
        // A new e-mail takes effect only once the new address confirms it; an
        // older pending change the user did not touch now is not announced again.
        if (saved.email_pendiente && saved.email_pendiente.toLowerCase() === values.email.trim().toLowerCase())
          toast.info(`Te enviamos un enlace a ${saved.email_pendiente} para confirmar el cambio de correo.`);
        navigate('/mi-cuenta');
      },
      onError: (error) => {
        if (onExpired(error)) return;
        showFormErrors(error, setError, {
          fields: ['first_name', 'last_name', 'email', 'telefono', 'fecha_nacimiento'],
          fallback: 'Error al actualizar los datos',
          toast: mensajeDeError(error),
        });
      },
    });
  }

  return (
    <section>
      <h1>Editar mis datos</h1>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="form panel">
        <div className="form__row">
          <TextField label="Nombre" autoComplete="given-name" {...register('first_name')} error={errors.first_name?.message} />
          <TextField label="Apellido" autoComplete="family-name" {...register('last_name')} error={errors.last_name?.message} />
        </div>
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          hint={
            user.email_pendiente
              ? `Correo pendiente de confirmación: ${user.email_pendiente}`
              : 'Si lo cambias, te enviaremos un enlace al nuevo correo para confirmarlo.'
          }
          {...register('email')}
          error={errors.email?.message}
        />
        <div className="form__row">
          <TextField label="Teléfono" type="tel" autoComplete="tel" placeholder="+56 9 1234 5678" {...register('telefono')} error={errors.telefono?.message} />
          <FechaField control={control} name="fecha_nacimiento" label="Fecha de nacimiento" />
        </div>
        <TextField label="Tipo de usuario" value={rolCuenta(user)} readOnly disabled hint="El tipo de usuario no se puede cambiar." />
        <FormError message={errors.root?.server?.message} />
        <div className="form__actions">
          <button type="button" className="btn btn--ghost" onClick={() => navigate('/mi-cuenta')}>
            Cancelar
          </button>
          <SubmitButton busy={updatePerfil.isPending} busyLabel="Guardando...">
            Guardar Cambios
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
