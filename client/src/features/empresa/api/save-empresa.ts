import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Empresa, EmpresaInput } from '#common/schemas/empresa';
import { api } from '../../../lib/api-client';
import { PANEL_KEY } from '../../../lib/panel';
import { EMPRESA_KEY } from './empresa';

/** PUT the supplier's whole company; the answer is what the server kept. */
export const saveEmpresa = (body: EmpresaInput) => api<Empresa>('/api/proveedor/empresa/', { method: 'PUT', body, auth: true });

/** Saves the company; the panel's checklist and the product list's notice read it, so the panel is read again. */
export function useSaveEmpresa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmpresa,
    onSuccess: (guardada) => {
      queryClient.setQueryData(EMPRESA_KEY, guardada);
      void queryClient.invalidateQueries({ queryKey: PANEL_KEY });
    },
  });
}
