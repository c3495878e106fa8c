import { useMutation } from '@tanstack/react-query';
import type { SignupInput } from '../../../../../common/schemas/auth';
import { api } from '../../../lib/api-client';

export const createUser = (body: SignupInput) => api<{ id: number; email: string }>('/auth/users/', { method: 'POST', body });

export const useCreateUser = () => useMutation({ mutationFn: createUser });
