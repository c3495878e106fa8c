import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { formatTelefono } from '#common/chile/telefono';
import { type Empresa, type EmpresaInput, empresaSchema } from '#common/schemas/empresa';
import { showFormErrors } from '../../../lib/form-errors';
import { useSessionExpiredHandler } from '../../../lib/session';
import { TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { RegionComunaFields } from '../../../ui/region-comuna-fields';
import { toast } from '../../../ui/toast';
import { useSaveEmpresa } from '../api/save-empresa';

export const EMPRESA_GUARDADA = 'Datos de tu empresa guardados.';
const ERROR_GUARDAR = 'No se pudieron guardar los datos de tu empresa.';

const FIELDS = ['razon_social', 'nombre_fantasia', 'rut', 'giro', 'direccion', 'region', 'comuna', 'telefono', 'correo_ventas'] as const;

const valores = (e: Empresa): EmpresaInput =>
  ({
    razon_social: e.razon_social,
    nombre_fantasia: e.nombre_fantasia,
    rut: e.rut,
    giro: e.giro,
    direccion: e.direccion,
    region: e.region === null ? '' : String(e.region),
    comuna: e.comuna === null ? '' : String(e.comuna),
    telefono: e.telefono ? formatTelefono(e.telefono) : '',
    correo_ventas: e.correo_ventas,
  }) as EmpresaInput;

/** The supplier's company, whole (docs/decisions/024): what buyers see first, then what its purchase orders print. */
export function EmpresaForm({ inicial }: { inicial: Empresa }) {
  const onExpired = useSessionExpiredHandler();
  const save = useSaveEmpresa();
  const { register, handleSubmit, formState, watch, setValue, setError, reset } = useForm<EmpresaInput>({
    resolver: zodResolver(empresaSchema),
    defaultValues: valores(inicial),
  });
  const { errors } = formState;

  function onSubmit(values: EmpresaInput) {
    save.mutate(values, {
      onSuccess: (guardada) => {
        reset(valores(guardada));
        toast.success(EMPRESA_GUARDADA);
      },
      onError: (error) => {
        if (onExpired(error)) return;
        showFormErrors(error, setError, { fields: FIELDS, fallback: ERROR_GUARDAR });
      },
    });
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="form panel">
      <TextField
        label="Nombre de fantasía"
        hint="El nombre con que te ven los compradores."
        autoComplete="organization"
        {...register('nombre_fantasia')}
        error={errors.nombre_fantasia?.message}
      />
      <div className="form__row">
        <TextField label="Razón social" {...register('razon_social')} error={errors.razon_social?.message} />
        <TextField label="RUT" placeholder="76.086.428-5" inputMode="text" {...register('rut')} error={errors.rut?.message} />
      </div>
      <TextField label="Giro" placeholder="Venta al por mayor de carnes" {...register('giro')} error={errors.giro?.message} />
      <TextField
        label="Dirección"
        autoComplete="street-address"
        placeholder="Av. San Miguel 2450"
        {...register('direccion')}
        error={errors.direccion?.message}
      />
      <RegionComunaFields form={{ register, watch, setValue, formState }} />
      <div className="form__row">
        <TextField label="Teléfono" type="tel" autoComplete="tel" placeholder="+56 2 2345 6789" {...register('telefono')} error={errors.telefono?.message} />
        <TextField
          label="Correo de ventas"
          type="email"
          autoComplete="email"
          hint="Aquí te avisamos de cada pedido nuevo."
          {...register('correo_ventas')}
          error={errors.correo_ventas?.message}
        />
      </div>
      <FormError message={errors.root?.server?.message} />
      <div className="form__actions">
        <SubmitButton busy={save.isPending} busyLabel="Guardando...">
          Guardar
        </SubmitButton>
      </div>
    </form>
  );
}
