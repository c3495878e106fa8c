import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session';
import { DelayedSpinner } from '../ui/delayed-spinner';

export type Guard = 'publico' | 'sesion' | 'proveedor' | 'moderador';

/**
 * SPEC §2: logged-out visitors of private screens go to /login; a logged-in user without the
 * screen's role goes to /. Convenience only: the server enforces every rule itself.
 */
export function Guarded({ guard, children }: { guard: Guard; children: ReactNode }) {
  const session = useSession();
  if (guard === 'publico') return children;
  if (session.isLoading) return <DelayedSpinner />;
  if (!session.isAuthenticated) return <Navigate to="/login" replace />;
  if (guard === 'proveedor' && !session.is_proveedor) return <Navigate to="/" replace />;
  if (guard === 'moderador' && !session.is_moderador) return <Navigate to="/" replace />;
  return children;
}
