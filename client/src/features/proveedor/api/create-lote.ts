import { useMutation } from '@tanstack/react-query';
import type { LoteNuevoInput } from '#common/schemas/proveedor-lote';
import type { Lote } from '#common/schemas/proveedor-productos';
import { api } from '../../../lib/api-client';
import { useRefreshProveedoresProductos } from './proveedores-productos';

/** 'Agregar lote' (docs/producto.md §17): POST {cantidad, fecha_expiracion} to an own offer → 201 the lot (a lot of that date grows by it). */
export const createLote = ({ ofertaId, body }: { ofertaId: number; body: LoteNuevoInput }) =>
  api<Lote>(`/api/productos/proveedoresproductos/${ofertaId}/lotes/`, { method: 'POST', body, auth: true });

export function useCreateLote() {
  const refresh = useRefreshProveedoresProductos();
  return useMutation({ mutationFn: createLote, onSuccess: refresh });
}
