import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Moderacion, ModerarProductoInput } from '#common/schemas/moderacion';
import { api } from '../../../lib/api-client';
import { PRODUCTOS_PENDIENTES_KEY } from './productos-pendientes';

/** docs/producto.md §7: one decision, POST moderar-producto/ {producto_id, accion} (plus the optional motivo of a rejection). */
export const moderarProducto = (body: ModerarProductoInput) => api<Moderacion>('/api/productos/moderar-producto/', { method: 'POST', body, auth: true });

export interface Envio {
  enviados: number[];
  fallidos: number[];
}

/**
 * docs/producto.md §7: one call per staged product, all sent in parallel. Never fails as a whole: it says
 * which products went through and which did not, so the sent ones leave the staged list and the
 * others stay for another try. Afterwards the pending list and the buyers' catalogue are read again.
 */
export function useModerarProductos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decisiones: ModerarProductoInput[]): Promise<Envio> => {
      const resultados = await Promise.allSettled(decisiones.map(moderarProducto));
      const ids = decisiones.map((d) => Number(d.producto_id));
      return {
        enviados: ids.filter((_, i) => resultados[i]!.status === 'fulfilled'),
        fallidos: ids.filter((_, i) => resultados[i]!.status === 'rejected'),
      };
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PRODUCTOS_PENDIENTES_KEY }),
        queryClient.invalidateQueries({ queryKey: ['consolidated-data'] }),
        queryClient.invalidateQueries({ queryKey: ['proveedores-productos'] }),
      ]),
  });
}
