import type { Control, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { hoyEnChile, sumarDias } from '#common/fecha';
import { unidadCorta } from '#common/format';
import { FechaField } from '../../../ui/fecha-input';
import { TextField } from '../../../ui/fields';

export type LoteForm<T extends FieldValues, C, O> = Pick<UseFormReturn<T, C, O>, 'register' | 'formState'> & { control: Control<T, C, O> };

/**
 * A lot's two fields, the same in 'Agregar lote' and in 'Agregar producto''s first lot, of a form
 * whose fields are named `cantidad` and `fecha_expiracion` (loteNuevoSchema's): the quantity in the
 * product's unit ('Cantidad (cajas)'), and an expiry whose calendar starts tomorrow in Chile (a lot
 * that expires today is refused, docs/decisions/008).
 */
export function CamposLote<T extends FieldValues, C, O>({ form, unidad, autoFocus }: { form: LoteForm<T, C, O>; unidad: string; autoFocus?: boolean }) {
  // The error of a known field, whatever else the form holds.
  const errors = form.formState.errors as Partial<Record<'cantidad', { message?: string }>>;
  return (
    <>
      <TextField
        label={`Cantidad (${unidadCorta(unidad, 2)})`}
        inputMode="decimal"
        autoComplete="off"
        data-autofocus={autoFocus || undefined}
        {...form.register('cantidad' as Path<T>)}
        error={errors.cantidad?.message}
      />
      <FechaField control={form.control} name={'fecha_expiracion' as Path<T>} label="Fecha de vencimiento" min={sumarDias(hoyEnChile(), 1)} />
    </>
  );
}
