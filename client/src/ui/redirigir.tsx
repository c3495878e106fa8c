import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { toast } from './toast';

/**
 * Sends the visitor elsewhere and says why in a toast (a screen that cannot show anything yet, a
 * role's screen): a silent jump read as a broken link. `id` keeps one toast per reason when a
 * re-render or a second guard sends it again. docs/decisions/018-flujos-y-avisos.md.
 */
export function Redirigir({ to, mensaje, id }: { to: string; mensaje?: string; id?: string }) {
  useEffect(() => {
    if (mensaje) toast.error(mensaje, { id: id ?? mensaje });
  }, [mensaje, id]);
  return <Navigate to={to} replace />;
}
