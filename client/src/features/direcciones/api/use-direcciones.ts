import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DIRECCIONES_KEY, getDirecciones } from '../../../lib/direcciones-guardadas';
import { SESSION_KEY } from '../../../lib/session';

export const useDirecciones = () => useQuery({ queryKey: DIRECCIONES_KEY, queryFn: getDirecciones });

/**
 * After any address write: the list, and the session's user, whose direccion_envio is the
 * active address (docs/producto.md §2 /mi-cuenta shows it).
 */
export function useRefreshDirecciones() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: DIRECCIONES_KEY }), queryClient.invalidateQueries({ queryKey: SESSION_KEY })]);
}
