import { useQueries } from '@tanstack/react-query';
import type { IdNombre } from '#common/schemas/catalogo';
import { comunasQuery, useRegiones } from '../../../lib/ubicacion';

export interface RegionConComunas {
  id: number;
  nombre: string;
  comunas: IdNombre[];
}

/**
 * Every región with its comunas, north to south: the comuna lists are lib/ubicacion's queries
 * (same keys, fetched once per session), asked for all regions at once.
 */
export function useComunasPorRegion() {
  const regiones = useRegiones();
  const listas = useQueries({
    queries: (regiones.data ?? []).map((r) => comunasQuery(r.id)),
  });
  const error = regiones.error ?? listas.find((l) => l.error)?.error ?? null;
  const listo = regiones.isSuccess && listas.every((l) => l.isSuccess);
  const data: RegionConComunas[] | undefined = listo ? (regiones.data ?? []).map((r, i) => ({ ...r, comunas: listas[i]!.data! })) : undefined;
  return { data, error, refetch: () => (regiones.isError ? regiones.refetch() : Promise.all(listas.filter((l) => l.isError).map((l) => l.refetch()))) };
}
