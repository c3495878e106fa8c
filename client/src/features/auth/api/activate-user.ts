import { useMutation } from '@tanstack/react-query';
import type { ActivationInput } from '#common/schemas/auth';
import { api } from '../../../lib/api-client';

/** 204; 400 on new_password when the link needs a password chosen right there (docs/decisions/003). */
export const activateUser = (body: ActivationInput) => api<null>('/auth/users/activation/', { method: 'POST', body });

export const useActivateUser = () => useMutation({ mutationFn: activateUser });
