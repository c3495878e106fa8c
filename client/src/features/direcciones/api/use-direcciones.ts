import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Direccion } from '../../../../../common/schemas/direcciones';
import { api } from '../../../lib/api-client';
import { SESSION_KEY } from '../../../lib/session';

export const DIRECCIONES_KEY = ['direcciones'] as const;

export const getDirecciones = () => api<Direccion[]>('/api/cotizaciones/direccion/obtener/', { auth: true });

export const useDirecciones = () => useQuery({ queryKey: DIRECCIONES_KEY, queryFn: getDirecciones });

/**
 * After any address write: the list, and the session's user, whose direccion_envio is the
 * active address (SPEC §2 /mi-cuenta shows it).
 */
export function useRefreshDirecciones() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: DIRECCIONES_KEY }), queryClient.invalidateQueries({ queryKey: SESSION_KEY })]);
}
