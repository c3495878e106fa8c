import { useQuery } from '@tanstack/react-query';
import type { ListaCotizada } from '#common/schemas/listas';
import { api } from '../../../lib/api-client';
import { retryServerFailures } from '../../../lib/pedidos';

/** GET /api/listas/{id}/cotizaciones/{cotizacion_id}/ — what a list's reminder prepared, for the list's owner. */
export const getListaCotizada = (id: number, cotizacionId: number) => api<ListaCotizada>(`/api/listas/${id}/cotizaciones/${cotizacionId}/`, { auth: true });
export const useListaCotizada = (id: number, cotizacionId: number) =>
  useQuery({
    queryKey: ['listas', id, 'cotizaciones', cotizacionId],
    queryFn: () => getListaCotizada(id, cotizacionId),
    retry: retryServerFailures,
    gcTime: 0,
  });
