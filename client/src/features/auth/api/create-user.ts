import { useMutation } from '@tanstack/react-query';
import type { SignupInput, SignupResponse } from '#common/schemas/auth';
import { api } from '../../../lib/api-client';

export const createUser = (body: SignupInput) => api<SignupResponse>('/auth/users/', { method: 'POST', body });

export const useCreateUser = () => useMutation({ mutationFn: createUser });
