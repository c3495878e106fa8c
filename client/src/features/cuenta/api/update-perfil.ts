import type { PerfilInput } from '../../../../../common/schemas/cuenta';
import type { UsuarioMe } from '../../../../../common/schemas/auth';
import { api } from '../../../lib/api-client';

export const updatePerfil = (body: PerfilInput) => api<UsuarioMe>('/api/usuarios/usuarios/perfil/', { method: 'PUT', body, auth: true });
