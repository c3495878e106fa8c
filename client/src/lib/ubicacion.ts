import { useQuery } from '@tanstack/react-query';
import type { IdNombre } from '#common/schemas/catalogo';
import { api } from './api-client';

// Regions and comunas never change while the app runs: fetched once per session.
export const useRegiones = () =>
  useQuery({ queryKey: ['regiones'], queryFn: () => api<IdNombre[]>('/api/ubicacion/regiones/'), staleTime: Number.POSITIVE_INFINITY });

/** The query of one región's comunas: every form's comuna picker and /mis-condiciones share it. */
export const comunasQuery = (region: number) => ({
  queryKey: ['comunas', region],
  queryFn: () => api<IdNombre[]>(`/api/ubicacion/comunas/?region=${region}`),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useComunas = (region: number | undefined) => useQuery({ ...comunasQuery(region ?? 0), enabled: region !== undefined });
