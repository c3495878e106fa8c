import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SESSION_KEY, type UsuarioSesion } from '../../../lib/session';

/** The link sent to the new address of an e-mail change; 200 with the updated user. */
export const confirmEmail = (body: { uid: string; token: string }) => api<UsuarioSesion>('/api/usuarios/usuarios/confirmar-correo/', { method: 'POST', body });

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
  });
}
