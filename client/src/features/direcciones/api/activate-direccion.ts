import { useMutation } from '@tanstack/react-query';
import type { Direccion } from '#common/schemas/direcciones';
import { api } from '../../../lib/api-client';
import { useRefreshDirecciones } from './use-direcciones';

/** docs/producto.md §7: POST with an empty body. */
export const activateDireccion = (id: number) => api<Direccion[]>(`/api/cotizaciones/direccion/${id}/activar/`, { method: 'POST', auth: true });

export function useActivateDireccion() {
  const refresh = useRefreshDirecciones();
  return useMutation({ mutationFn: activateDireccion, onSuccess: refresh });
}
