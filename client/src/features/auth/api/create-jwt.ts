import type { LoginInput } from '../../../../../common/schemas/auth';
import { api } from '../../../lib/api-client';

export const createJwt = (body: LoginInput) => api<{ access: string; refresh: string }>('/auth/jwt/create/', { method: 'POST', body });
