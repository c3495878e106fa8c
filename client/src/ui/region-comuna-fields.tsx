import { useEffect } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useComunas, useRegiones } from '../lib/ubicacion';
import { SelectField } from './fields';
import { toast } from './toast';

interface Props {
  region: UseFormRegisterReturn;
  comuna: UseFormRegisterReturn;
  /** The region currently chosen ('' when none): the comuna select waits for it. */
  regionValue: string | number | undefined;
  regionError?: string;
  comunaError?: string;
  /** Called when the region changes, to clear a comuna of the previous region. */
  onRegionChange(): void;
}

/** Región then comuna (SPEC §2): the comuna select is enabled only once a region is chosen. */
export function RegionComunaFields({ region, comuna, regionValue, regionError, comunaError, onRegionChange }: Props) {
  const regiones = useRegiones();
  const regionId = regionValue ? Number(regionValue) : undefined;
  // SPEC §8: communes failing to load just leave the list empty.
  const comunas = useComunas(regionId);

  useEffect(() => {
    if (regiones.isError) toast.error('Error al cargar regiones');
  }, [regiones.isError]);

  return (
    <div className="form__row">
      <SelectField
        label="Región"
        {...region}
        onChange={(e) => {
          void region.onChange(e);
          onRegionChange();
        }}
        error={regionError}
      >
        <option value="">Selecciona una región</option>
        {regiones.data?.map((r) => (
          <option key={r.id} value={r.id}>
            {r.nombre}
          </option>
        ))}
      </SelectField>
      <SelectField label="Comuna" {...comuna} disabled={!regionId} error={comunaError}>
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
