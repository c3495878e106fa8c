import { useQuery } from '@tanstack/react-query';
import type { ActivationDatos } from '#common/schemas/auth';
import { api } from '../../../lib/api-client';

/**
 * What an activation link's signup said (its e-mail, names and role), without using the link; a
 * bad, used or expired link fails as the activation would (docs/decisions/003).
 */
export const getActivationDatos = (body: { uid: string; token: string }) => api<ActivationDatos>('/auth/users/activation/datos/', { method: 'POST', body });

export const useActivationDatos = (uid: string, token: string) =>
  useQuery({
    queryKey: ['activacion', uid, token],
    queryFn: () => getActivationDatos({ uid, token }),
    // The answer does not change while the page is open, and a failure is the link's, not the network's.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
