import { useMutation } from '@tanstack/react-query';
import type { UsuarioMe } from '#common/schemas/auth';
import type { LoginInput } from '#common/schemas/auth';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const createJwt = (body: LoginInput) => api<{ access: string; refresh: string }>('/auth/jwt/create/', { method: 'POST', body });

/** Logs in: the tokens, then the profile (docs/producto.md §4 "Login success"). Fails when either fails. */
export function useLogin() {
  const session = useSession();
  return useMutation({
    mutationFn: async (values: LoginInput): Promise<UsuarioMe> => {
      const user = await session.signIn(await createJwt(values));
      if (!user) throw new Error('No se pudo cargar el perfil');
      return user;
    },
  });
}
