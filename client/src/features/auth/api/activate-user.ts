import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const activateUser = (body: { uid: string; token: string }) => api<null>('/auth/users/activation/', { method: 'POST', body });

export const useActivateUser = () => useMutation({ mutationFn: activateUser });
