import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type DireccionInput, direccionSchema } from '../../../../../common/schemas/direcciones';
import { TextField } from '../../../ui/fields';
import { RegionComunaFields } from '../../../ui/region-comuna-fields';

interface Props {
  initial?: Partial<DireccionInput>;
  submitLabel: string;
  onSubmit(values: DireccionInput): Promise<void>;
}

/** SPEC §2 Add and edit address: contact, e-mail, phone, street, región → comuna. */
export function DireccionForm({ initial, submitLabel, onSubmit }: Props) {
  const navigate = useNavigate();
  const { register, handleSubmit, formState, watch, setValue } = useForm<DireccionInput>({
    resolver: zodResolver(direccionSchema),
    defaultValues: { nombre_contacto: '', correo_contacto: '', telefono_contacto: '', direccion_envio: '', region: '', comuna: '', ...initial } as DireccionInput,
  });
  const { errors } = formState;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="form panel">
      <TextField label="Nombre de contacto" autoComplete="name" {...register('nombre_contacto')} error={errors.nombre_contacto?.message} />
      <div className="form__row">
        <TextField label="Correo de contacto" type="email" autoComplete="email" {...register('correo_contacto')} error={errors.correo_contacto?.message} />
        <TextField label="Teléfono" type="tel" autoComplete="tel" placeholder="+56912345678" {...register('telefono_contacto')} error={errors.telefono_contacto?.message} />
      </div>
      <TextField
        label="Dirección"
        autoComplete="street-address"
        placeholder="Av. Providencia 1234, oficina 5"
        {...register('direccion_envio')}
        error={errors.direccion_envio?.message}
      />
      <RegionComunaFields
        region={register('region')}
        comuna={register('comuna')}
        regionValue={watch('region') as string}
        regionError={errors.region?.message}
        comunaError={errors.comuna?.message}
        onRegionChange={() => setValue('comuna', '' as unknown as number)}
      />
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={() => navigate('/direcciones')}>
          Cancelar
        </button>
        <button type="submit" className="btn btn--primary" disabled={formState.isSubmitting}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
