import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductoAReenviar, ReenviarProductoInput } from '#common/schemas/moderacion';
import type { ProveedorProducto } from '#common/schemas/proveedor-productos';
import { api } from '../../../lib/api-client';
import { PROVEEDORES_PRODUCTOS_KEY } from './proveedores-productos';

const url = (ofertaId: number) => `/api/productos/proveedoresproductos/${ofertaId}/reenviar/`;

/** docs/decisions/009: a rejected product's data as the moderator saw it, and why it was rejected. */
export const getProductoAReenviar = (ofertaId: number) => api<ProductoAReenviar>(url(ofertaId), { auth: true });

export const useProductoAReenviar = (ofertaId: number, enabled: boolean) =>
  useQuery({ queryKey: ['producto-a-reenviar', ofertaId], queryFn: () => getProductoAReenviar(ofertaId), enabled, gcTime: 0 });

/** The corrected product goes back to moderation: POST …/reenviar/ answers the row as the list shows it. */
export const reenviarProducto = ({ ofertaId, body }: { ofertaId: number; body: ReenviarProductoInput }) =>
  api<ProveedorProducto>(url(ofertaId), { method: 'POST', body, auth: true });

export function useReenviarProducto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reenviarProducto,
    // The row reads 'En revisión' at once, from the answer; then the list is read again.
    onSuccess: (fila) => {
      queryClient.setQueryData<ProveedorProducto[]>(PROVEEDORES_PRODUCTOS_KEY, (filas) => filas?.map((f) => (f.id === fila.id ? fila : f)));
      return queryClient.invalidateQueries({ queryKey: PROVEEDORES_PRODUCTOS_KEY });
    },
  });
}
