import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FilaCarga, RegistrarNuevos } from '#common/schemas/proveedor-carga';
import { api } from '../../../lib/api-client';
import { PLANTILLAS_EXCEL_KEY } from './plantillas-excel';

interface RegistrarNuevosArgs {
  productos: FilaCarga[];
  /** docs/producto.md §7: sent with the new products (matched to the catalogue); the exclusive ones go without it. */
  categoria_id?: number;
}

/** docs/producto.md §7: POST registrar-nuevos (authorized): offers on catalogue products, or exclusive products pending moderation. */
export const registrarNuevos = (body: RegistrarNuevosArgs) => api<RegistrarNuevos>('/api/productos/registrar-nuevos/', { method: 'POST', body, auth: true });

export function useRegistrarNuevos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registrarNuevos,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANTILLAS_EXCEL_KEY }),
  });
}
