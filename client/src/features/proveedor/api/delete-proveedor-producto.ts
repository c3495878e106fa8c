import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshProveedoresProductos } from './proveedores-productos';

/** docs/producto.md §7: DELETE archives the offer on the server; it leaves the list, quotations and orders keep it. */
export const deleteProveedorProducto = (id: number) => api<null>(`/api/productos/proveedoresproductos/${id}/`, { method: 'DELETE', auth: true });

export function useDeleteProveedorProducto() {
  const refresh = useRefreshProveedoresProductos();
  return useMutation({ mutationFn: deleteProveedorProducto, onSuccess: refresh });
}
