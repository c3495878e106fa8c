import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshDirecciones } from './use-direcciones';

export const deleteDireccion = (id: number) => api<null>(`/api/cotizaciones/direccion/${id}/eliminar/`, { method: 'DELETE', auth: true });

export function useDeleteDireccion() {
  const refresh = useRefreshDirecciones();
  return useMutation({ mutationFn: deleteDireccion, onSuccess: refresh });
}
