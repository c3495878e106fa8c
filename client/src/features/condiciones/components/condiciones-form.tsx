import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { type CondicionesDespacho, plazoCondiciones, resumenCondiciones } from '#common/despacho';
import { formatClp } from '#common/format';
import { type CondicionesData, condicionesSchema } from '#common/schemas/condiciones';
import { showFormErrors } from '../../../lib/form-errors';
import { useSessionExpiredHandler } from '../../../lib/session';
import { TextField } from '../../../ui/fields';
import { FormError, SubmitButton } from '../../../ui/form-controls';
import { toast } from '../../../ui/toast';
import type { RegionConComunas } from '../api/comunas-por-region';
import { useSaveCondiciones } from '../api/save-condiciones';
import { ComunasField } from './comunas-field';
import { DiasField } from './dias-field';

/** What the form holds: the lists as numbers, the rest as typed text (the shared schema reads it). */
interface Valores {
  comunas: number[];
  dias_despacho: number[];
  anticipacion_dias: string;
  hora_corte: string;
  monto_minimo: string;
  costo_despacho: string;
  despacho_gratis_desde: string;
}

const CAMPOS = ['comunas', 'dias_despacho', 'anticipacion_dias', 'hora_corte', 'monto_minimo', 'costo_despacho', 'despacho_gratis_desde'] as const;
const resolver = zodResolver(condicionesSchema) as unknown as Resolver<Valores, unknown, CondicionesData>;
const GUARDADAS = 'Condiciones guardadas.';
const ERROR_GUARDAR = 'No se pudieron guardar tus condiciones. Intenta de nuevo.';

const valoresDe = (c: CondicionesDespacho): Valores => ({
  comunas: c.comunas,
  dias_despacho: c.dias_despacho,
  anticipacion_dias: String(c.anticipacion_dias),
  hora_corte: c.hora_corte,
  // Money as screens write it ('$50.000'); the schema reads it back (common/numeros leerPesos).
  monto_minimo: formatClp(c.monto_minimo),
  costo_despacho: formatClp(c.costo_despacho),
  despacho_gratis_desde: c.despacho_gratis_desde === null ? '' : formatClp(c.despacho_gratis_desde),
});

/** /mis-condiciones: where, when and for how much the supplier delivers, and the sentence that says it. */
export function CondicionesForm({ inicial, regiones }: { inicial: CondicionesDespacho; regiones: RegionConComunas[] }) {
  const save = useSaveCondiciones();
  const onExpired = useSessionExpiredHandler();
  const { register, control, handleSubmit, formState, setError, reset, watch } = useForm<Valores, unknown, CondicionesData>({
    resolver,
    defaultValues: valoresDe(inicial),
  });
  const { errors } = formState;
  const totalComunas = regiones.reduce((n, r) => n + r.comunas.length, 0);
  const leidas = condicionesSchema.safeParse(watch());
  const resumen = leidas.success
    ? `${resumenCondiciones(leidas.data, totalComunas)}.`
    : 'Completa o corrige los campos para ver el resumen de tus condiciones.';

  function guardar(data: CondicionesData) {
    save.mutate(data, {
      onSuccess: (guardadas) => {
        reset(valoresDe(guardadas));
        toast.success(GUARDADAS);
      },
      onError: (error) => {
        if (onExpired(error)) return;
        showFormErrors(error, setError, { fields: CAMPOS, fallback: ERROR_GUARDAR });
      },
    });
  }

  return (
    <form className="form condiciones" onSubmit={handleSubmit(guardar)} noValidate>
      <Controller
        control={control}
        name="comunas"
        render={({ field }) => <ComunasField regiones={regiones} value={field.value} onChange={field.onChange} error={errors.comunas?.message} />}
      />
      <div className="condiciones__seccion panel">
        <h2>Cuándo despachas</h2>
        <Controller
          control={control}
          name="dias_despacho"
          render={({ field }) => <DiasField value={field.value} onChange={field.onChange} error={errors.dias_despacho?.message} />}
        />
        <div className="form__row">
          <TextField
            label="Anticipación (días)"
            type="number"
            inputMode="numeric"
            min={0}
            max={14}
            hint="Días antes de la entrega en que cierras el pedido (0 a 14)."
            {...register('anticipacion_dias')}
            error={errors.anticipacion_dias?.message}
          />
          <TextField
            label="Hora de corte"
            type="time"
            hint="Hasta esa hora (Chile) de ese día recibes pedidos."
            {...register('hora_corte')}
            error={errors.hora_corte?.message}
          />
        </div>
      </div>
      <div className="condiciones__seccion panel">
        <h2>Montos</h2>
        <div className="form__row">
          <TextField
            label="Pedido mínimo"
            inputMode="numeric"
            hint="En pesos; 0 si no tienes mínimo."
            {...register('monto_minimo')}
            error={errors.monto_minimo?.message}
          />
          <TextField
            label="Costo de despacho"
            inputMode="numeric"
            hint="En pesos; 0 si el despacho es gratis."
            {...register('costo_despacho')}
            error={errors.costo_despacho?.message}
          />
          <TextField
            label="Despacho gratis desde"
            inputMode="numeric"
            hint="Déjalo vacío si el despacho nunca es gratis."
            {...register('despacho_gratis_desde')}
            error={errors.despacho_gratis_desde?.message}
          />
        </div>
      </div>
      <div className="condiciones__resumen panel panel--info" aria-live="polite">
        <p data-testid="resumen-condiciones">{resumen}</p>
        {leidas.success && <p>{plazoCondiciones(leidas.data)}</p>}
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
