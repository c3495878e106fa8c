import { useMutation } from '@tanstack/react-query';
import type { Direccion, DireccionInput } from '#common/schemas/direcciones';
import { api } from '../../../lib/api-client';
import { useRefreshDirecciones } from './use-direcciones';

/** Adds an address, or edits it when an id is given (docs/producto.md §7: agregar/ and {id}/editar/). */
export const saveDireccion = (values: DireccionInput, id?: number) =>
  id === undefined
    ? api<Direccion>('/api/cotizaciones/direccion/agregar/', { method: 'POST', body: { ...values, cotizante_id: '', fecha_entrega: '' }, auth: true })
    : api<Direccion>(`/api/cotizaciones/direccion/${id}/editar/`, { method: 'PUT', body: { ...values, id }, auth: true });

/** Add (no id) or edit the address `id`. */
export function useSaveDireccion(id?: number) {
  const refresh = useRefreshDirecciones();
  return useMutation({ mutationFn: (values: DireccionInput) => saveDireccion(values, id), onSuccess: refresh });
}
