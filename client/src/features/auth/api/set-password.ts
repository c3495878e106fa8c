import { useMutation } from '@tanstack/react-query';
import type { SetPasswordInput } from '#common/schemas/auth';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { createJwt } from './create-jwt';

/** 204; 400 on current_password when it is wrong. The change ends every session, the caller's too. */
export const setPassword = (body: SetPasswordInput) => api<null>('/auth/users/set_password/', { method: 'POST', body, auth: true });

/**
 * Changes the password, then logs this browser in again with the new one, so this session goes
 * on while the others end. `sesionRenovada` is false when that login failed (the password did
 * change): the user then signs in by hand.
 */
export function useSetPassword() {
  const session = useSession();
  const email = session.user?.email;
  return useMutation({
    mutationFn: async (values: SetPasswordInput): Promise<{ sesionRenovada: boolean }> => {
      await setPassword(values);
      if (!email) return { sesionRenovada: false };
      try {
        return { sesionRenovada: (await session.signIn(await createJwt({ email, password: values.new_password }))) !== null };
      } catch {
        return { sesionRenovada: false };
      }
    },
  });
}
