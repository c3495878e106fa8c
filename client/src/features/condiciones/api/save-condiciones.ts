import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CondicionesInput, CondicionesOut } from '#common/schemas/condiciones';
import { api } from '../../../lib/api-client';
import { CONDICIONES_KEY } from './condiciones';

/** PUT the supplier's whole set of terms; the answer is what the server kept. */
export const saveCondiciones = (body: CondicionesInput) => api<CondicionesOut>('/api/proveedor/condiciones/', { method: 'PUT', body, auth: true });

export function useSaveCondiciones() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCondiciones, onSuccess: (guardadas) => queryClient.setQueryData(CONDICIONES_KEY, guardadas) });
}
