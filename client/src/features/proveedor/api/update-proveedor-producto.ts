import { useMutation } from '@tanstack/react-query';
import type { ProveedorProducto, ProveedorProductoEditInput } from '#common/schemas/proveedor-productos';
import { api } from '../../../lib/api-client';
import { useRefreshProveedoresProductos } from './proveedores-productos';

/** docs/producto.md §7: PATCH {tarifa, cantidad, fecha_expiracion, stock_id, rangos} of one offer and one of its lots. */
export const updateProveedorProducto = ({ id, body }: { id: number; body: ProveedorProductoEditInput }) =>
  api<ProveedorProducto>(`/api/productos/proveedoresproductos/${id}/`, { method: 'PATCH', body, auth: true });

export function useUpdateProveedorProducto() {
  const refresh = useRefreshProveedoresProductos();
  return useMutation({ mutationFn: updateProveedorProducto, onSuccess: refresh });
}
