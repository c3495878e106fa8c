import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resetPassword = (body: { email: string }) => api<null>('/auth/users/reset_password/', { method: 'POST', body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

export const confirmResetPassword = (body: { uid: string; token: string; new_password: string; re_new_password: string }) =>
  api<null>('/auth/users/reset_password_confirm/', { method: 'POST', body });

export const useConfirmResetPassword = () => useMutation({ mutationFn: confirmResetPassword });
