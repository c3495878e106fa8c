import { useQuery } from '@tanstack/react-query';
import type { Direccion } from '../../../../../common/schemas/direcciones';
import { api } from '../../../lib/api-client';

/**
 * A logged-in buyer's saved addresses (SPEC §2 "The active saved address can prefill the form"),
 * under the address screens' own query key so both read one cache. The form copies their fields;
 * the address itself is never edited from here.
 */
export const useDireccionesGuardadas = (enabled: boolean) =>
  useQuery({ queryKey: ['direcciones'], queryFn: () => api<Direccion[]>('/api/cotizaciones/direccion/obtener/', { auth: true }), enabled, retry: false });
