import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useComunas, useRegiones } from '../lib/ubicacion';
import { SelectField } from './fields';
import { toast } from './toast';

/** A select's value as the DOM holds it: text, '' for none. */
const texto = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export type PlaceForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'register' | 'watch' | 'setValue' | 'formState'>;

/**
 * Región then comuna (docs/producto.md §2) of a form whose fields are named `region` and `comuna` (every form
 * with a place has them so): the comuna select is enabled only once a region is chosen, and a new
 * region clears the comuna of the previous one.
 */
export function RegionComunaFields<T extends FieldValues>({ form }: { form: PlaceForm<T> }) {
  const regionName = 'region' as Path<T>;
  const comunaName = 'comuna' as Path<T>;
  const region = form.register(regionName);
  const comuna = form.register(comunaName);
  const regionValue: unknown = form.watch(regionName);
  const comunaValue: unknown = form.watch(comunaName);
  // The errors of two known fields, whatever else the form holds.
  const errors = form.formState.errors as Partial<Record<'region' | 'comuna', { message?: string }>>;
  const onRegionChange = () => form.setValue(comunaName, '' as PathValue<T, Path<T>>);
  const regiones = useRegiones();
  const regionId = regionValue ? Number(regionValue) : undefined;
  // docs/producto.md §8: communes failing to load just leave the list empty.
  const comunas = useComunas(regionId);

  useEffect(() => {
    if (regiones.isError) toast.error('Error al cargar regiones');
  }, [regiones.isError]);

  return (
    <div className="form__row">
      {/* Controlled from the form's value: a value given before the options arrive (an address
          opened in a new tab, the lists not loaded yet) is shown once they do, not left blank. */}
      <SelectField
        label="Región"
        {...region}
        value={texto(regionValue)}
        onChange={(e) => {
          void region.onChange(e);
          onRegionChange();
        }}
        error={errors.region?.message}
      >
        <option value="">Selecciona una región</option>
        {regiones.data?.map((r) => (
          <option key={r.id} value={r.id}>
            {r.nombre}
          </option>
        ))}
      </SelectField>
      <SelectField label="Comuna" {...comuna} value={texto(comunaValue)} disabled={!regionId} error={errors.comuna?.message}>
        <option value="">{regionId ? 'Selecciona una comuna' : 'Primero elige una región'}</option>
        {(comunas.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.nombre}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
