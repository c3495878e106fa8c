import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProveedorProducto } from '#common/schemas/proveedor-productos';
import { api } from '../../../lib/api-client';

export const PROVEEDORES_PRODUCTOS_KEY = ['proveedores-productos'] as const;

/** docs/producto.md §7: the supplier's own offers, each with its tiers and stock lots. */
export const getProveedoresProductos = () => api<ProveedorProducto[]>('/api/productos/proveedoresproductos/', { auth: true });

export const useProveedoresProductos = () => useQuery({ queryKey: PROVEEDORES_PRODUCTOS_KEY, queryFn: getProveedoresProductos });

/** After an edit or a delete: the list is read again (the moderation state may have changed too). */
export function useRefreshProveedoresProductos() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: PROVEEDORES_PRODUCTOS_KEY });
}
