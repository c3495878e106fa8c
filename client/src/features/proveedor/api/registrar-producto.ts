import { useMutation } from '@tanstack/react-query';
import type { RegistrarNuevos, RegistrarNuevosInput } from '#common/schemas/proveedor-carga';
import { api } from '../../../lib/api-client';
import { useRefreshProveedoresProductos } from './proveedores-productos';

/**
 * 'Agregar producto' (docs/producto.md §17) is one row of the Excel upload's confirmation: POST
 * registrar-nuevos with that row, an offer on a catalogue product or a new product for moderation
 * (docs/decisions/008, un producto o un lote a mano). A refused row answers 400 {detail, errores: [{sku, motivo}]}.
 */
export const registrarProducto = (body: RegistrarNuevosInput) => api<RegistrarNuevos>('/api/productos/registrar-nuevos/', { method: 'POST', body, auth: true });

export function useRegistrarProducto() {
  const refresh = useRefreshProveedoresProductos();
  return useMutation({ mutationFn: registrarProducto, onSuccess: refresh });
}
