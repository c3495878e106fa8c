import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistorialPage } from '#common/schemas/historial';
import { api } from '../../../lib/api-client';

const HISTORIAL_KEY = ['historial-cotizaciones'] as const;

/** GET /api/cotizaciones/historial/ — one page of the account's quotations, newest first, on any device. */
export const getHistorial = (page: number) => api<HistorialPage>(`/api/cotizaciones/historial/?page=${page}`, { auth: true });
export const useHistorial = (page: number) =>
  useQuery({ queryKey: [...HISTORIAL_KEY, page], queryFn: () => getHistorial(page), placeholderData: keepPreviousData });

/** DELETE /api/cotizaciones/historial/{id}/ — out of the account's history on every device; the quotation and its order stay. */
export const deleteDelHistorial = (cotizacionId: number) => api<null>(`/api/cotizaciones/historial/${cotizacionId}/`, { method: 'DELETE', auth: true });

export function useDeleteDelHistorial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDelHistorial, onSuccess: () => queryClient.invalidateQueries({ queryKey: HISTORIAL_KEY }) });
}
