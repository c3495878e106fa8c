import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Lista, ListaInput } from '#common/schemas/listas';
import { api } from '../api-client';

// A buyer's lists (docs/producto.md §16), which two places write: /listas, and 'Guardar como lista'
// on /cotizar, /cotizar-resultado and an order. One cache key, so a list saved anywhere shows on /listas.

export const LISTAS_KEY = ['listas'] as const;

export const getListas = () => api<Lista[]>('/api/listas/', { auth: true });
export const createLista = (body: ListaInput) => api<Lista>('/api/listas/', { method: 'POST', body, auth: true });
export const updateLista = (id: number, body: ListaInput) => api<Lista>(`/api/listas/${id}/`, { method: 'PUT', body, auth: true });
export const deleteLista = (id: number) => api<null>(`/api/listas/${id}/`, { method: 'DELETE', auth: true });

export const useListas = () => useQuery({ queryKey: LISTAS_KEY, queryFn: getListas });

function useRefreshListas() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: LISTAS_KEY });
}

export function useCreateLista() {
  const refresh = useRefreshListas();
  return useMutation({ mutationFn: createLista, onSuccess: refresh });
}

/**
 * Replaces a list (PUT): its name, products and reminder, all at once. The saved list goes into the
 * cache as the server answered it before the refetch: the next edit builds its PUT from it, and a
 * PUT built from the list as it was before the refetch landed would undo this one.
 */
export function useUpdateLista() {
  const queryClient = useQueryClient();
  const refresh = useRefreshListas();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ListaInput }) => updateLista(id, body),
    onSuccess: (guardada) => {
      queryClient.setQueryData<Lista[]>(LISTAS_KEY, (listas) => listas?.map((l) => (l.id === guardada.id ? guardada : l)));
      return refresh();
    },
  });
}

export function useDeleteLista() {
  const refresh = useRefreshListas();
  return useMutation({ mutationFn: deleteLista, onSuccess: refresh });
}

/** The body that keeps a list as it is but for what `cambios` replaces (every edit of /listas is a PUT of the whole list). */
export const cuerpoDeLista = (l: Lista, cambios: Partial<ListaInput> = {}): ListaInput => ({
  nombre: l.nombre,
  productos: l.productos.map((p) => ({ producto: p.producto, cantidad: p.cantidad })),
  recordatorio: l.recordatorio,
  ...cambios,
});
