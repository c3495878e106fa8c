import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActualizarPrecios, FilaCarga } from '#common/schemas/proveedor-carga';
import { api } from '../../../lib/api-client';
import { PLANTILLAS_EXCEL_KEY } from './plantillas-excel';

/** docs/producto.md §7: PUT actualizar-precios with the existing offers' rows (authorized). */
export const actualizarPrecios = (productos: FilaCarga[]) =>
  api<ActualizarPrecios>('/api/productos/actualizar-precios/', { method: 'PUT', body: { productos }, auth: true });

export function useActualizarPrecios() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actualizarPrecios,
    // PRODUCTOS_REGISTRADOS.xlsx lists the offers as they are now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANTILLAS_EXCEL_KEY }),
  });
}
