import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PerfilInput } from '#common/schemas/cuenta';
import { api } from '../../../lib/api-client';
import { SESSION_KEY, type UsuarioSesion } from '../../../lib/session';

export const updatePerfil = (body: PerfilInput) => api<UsuarioSesion>('/api/usuarios/usuarios/perfil/', { method: 'PUT', body, auth: true });

/** docs/producto.md §7: afterwards the user is reloaded. */
export function useUpdatePerfil() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePerfil,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
  });
}
