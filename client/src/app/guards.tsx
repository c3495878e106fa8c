import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { LOGIN_TOAST_ID, useSession } from '../lib/session';
import { tokens } from '../lib/storage';
import { DelayedSpinner } from '../ui/delayed-spinner';
import { toast } from '../ui/toast';

/** Goes to /login, saying why when the screen has a message for it (SPEC §8). */
function ToLogin({ message }: { message?: string }) {
  useEffect(() => {
    if (message) toast.error(message, { id: LOGIN_TOAST_ID });
  }, [message]);
  return <Navigate to="/login" replace />;
}

/** Goes home saying why (SPEC §6: a supplier-only screen opened by another role). */
function ToHome({ message }: { message: string }) {
  useEffect(() => {
    toast.error(message, { id: 'rol-requerido' });
  }, [message]);
  return <Navigate to="/" replace />;
}

/** 'sin-sesion': screens for logged-out visitors only (login, signup). */
export type Guard = 'publico' | 'sin-sesion' | 'sesion' | 'proveedor' | 'moderador';

/**
 * SPEC §2: logged-out visitors of private screens go to /login; a logged-in user without the
 * screen's role goes to /; a logged-in user has nothing to do on /login or /signup and goes to /
 * too. Convenience only: the server enforces every rule itself.
 */
export function Guarded({ guard, loginMessage, children }: { guard: Guard; loginMessage?: string; children: ReactNode }) {
  const session = useSession();
  if (guard === 'publico') return children;
  if (guard === 'sin-sesion') {
    // A visitor without a stored token sees the form at once: there is no session to wait for.
    if (session.isLoading) return tokens.access() ? <DelayedSpinner /> : children;
    return session.isAuthenticated ? <Navigate to="/" replace /> : children;
  }
  if (session.isLoading) return <DelayedSpinner />;
  if (!session.isAuthenticated) return <ToLogin message={loginMessage} />;
  if (guard === 'proveedor' && !session.is_proveedor) return <ToHome message="Debes estar registrado como proveedor para usar esta funcionalidad" />;
  if (guard === 'moderador' && !session.is_moderador) return <Navigate to="/" replace />;
  return children;
}
