import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshProveedoresProductos } from './proveedores-productos';

/** Ours: removes one stock lot of an own offer; the offer and its other lots stay. */
export const deleteLote = ({ ofertaId, loteId }: { ofertaId: number; loteId: number }) =>
  api<null>(`/api/productos/proveedoresproductos/${ofertaId}/lotes/${loteId}/`, { method: 'DELETE', auth: true });

export function useDeleteLote() {
  const refresh = useRefreshProveedoresProductos();
  return useMutation({ mutationFn: deleteLote, onSuccess: refresh });
}
