import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** 204 for any address (the server never says whether it exists); 429 when asked too often. */
export const resendActivation = (body: { email: string }) => api<null>('/auth/users/resend_activation/', { method: 'POST', body });

export const useResendActivation = () => useMutation({ mutationFn: resendActivation });
