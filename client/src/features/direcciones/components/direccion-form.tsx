import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type DireccionInput, direccionSchema } from '#common/schemas/direcciones';
import { showFormErrors } from '../../../lib/form-errors';
import { useSessionExpiredHandler } from '../../../lib/session';
import { TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { ContactoFields } from '../../../ui/contacto-fields';
import { toast } from '../../../ui/toast';
import { useSaveDireccion } from '../api/save-direccion';

interface Props {
  /** The address being edited; none when adding. */
  editingId?: number;
  initial?: Partial<DireccionInput>;
  submitLabel: string;
}

const FIELDS = ['nombre_contacto', 'correo_contacto', 'telefono_contacto', 'direccion_envio', 'region', 'comuna'] as const;

/** docs/producto.md §2 Add and edit address: contact, e-mail, phone, street, región → comuna; both end on /direcciones. */
export function DireccionForm({ editingId, initial, submitLabel }: Props) {
  const navigate = useNavigate();
  const onExpired = useSessionExpiredHandler();
  const save = useSaveDireccion(editingId);
  const adding = editingId === undefined;
  const valores = {
    nombre_contacto: '',
    correo_contacto: '',
    telefono_contacto: '',
    direccion_envio: '',
    region: '',
    comuna: '',
    ...initial,
  } as DireccionInput;
  const { register, handleSubmit, formState, watch, setValue, setError, reset } = useForm<DireccionInput>({
    resolver: zodResolver(direccionSchema),
    defaultValues: valores,
  });
  const { errors } = formState;
  // New initial values (the server's record arriving after the session copy) replace
  // what the form shows, except a field the user has already changed.
  const inicial = JSON.stringify(valores);
  useEffect(() => {
    reset(JSON.parse(inicial) as DireccionInput, { keepDirtyValues: true });
  }, [inicial, reset]);

  function onSubmit(values: DireccionInput) {
    save.mutate(values, {
      onSuccess: () => {
        toast.success(adding ? '¡Dirección agregada correctamente!' : '¡Dirección actualizada correctamente!');
        navigate('/direcciones');
      },
      onError: (error) => {
        if (onExpired(error)) return;
        // docs/producto.md §8: the server's reason, or the screen's message.
        showFormErrors(error, setError, { fields: FIELDS, fallback: adding ? 'Error al guardar la dirección' : 'Error al actualizar la dirección' });
      },
    });
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="form panel">
      <TextField label="Nombre de contacto" autoComplete="name" {...register('nombre_contacto')} error={errors.nombre_contacto?.message} />
      <ContactoFields form={{ register, watch, setValue, formState }} direccionLabel="Dirección" />
      <FormError message={errors.root?.server?.message} />
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={() => navigate('/direcciones')}>
          Cancelar
        </button>
        <SubmitButton busy={save.isPending} busyLabel="Guardando...">
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
