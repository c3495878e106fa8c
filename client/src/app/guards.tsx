import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { destinoTrasLogin, loginConRegreso } from '../lib/ruta-de-regreso';
import { cerradaDesde, LOGIN_TOAST_ID, useSession } from '../lib/session';
import { tokens } from '../lib/storage';
import { DelayedSpinner } from '../ui/delayed-spinner';
import { Redirigir } from '../ui/redirigir';

/** 'sin-sesion': screens for logged-out visitors only (login, signup). */
export type Guard = 'publico' | 'sin-sesion' | 'sesion' | 'comprador' | 'proveedor' | 'moderador';

/** Why a logged-in user without the screen's role is sent home (docs/producto.md §6 for the supplier's screens). */
const SOLO_PROVEEDOR = 'Debes estar registrado como proveedor para usar esta funcionalidad';
const SOLO_MODERADOR = 'Esta página es para moderadores.';
/** A buyer's own screens ('Mis listas', docs/producto.md §16). */
const SOLO_COMPRADOR = 'Esta página es para compradores.';
/** A private screen that names no reason of its own (docs/producto.md §8 names some: 'Sesión expirada', …). */
const INICIA_SESION = 'Inicia sesión para ver esta página.';

/**
 * docs/producto.md §2: logged-out visitors of private screens go to /login, and come back here once logged in
 * (?next=, docs/decisions/018); a logged-in user without the screen's role goes to / and is told
 * why; a logged-in user has nothing to do on /login or /signup and goes on to where /login would
 * have sent them. Convenience only: the server enforces every rule itself.
 */
export function Guarded({ guard, loginMessage, children }: { guard: Guard; loginMessage?: string; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (guard === 'publico') return children;
  if (guard === 'sin-sesion') {
    // A visitor without a stored token sees the form at once: there is no session to wait for.
    if (session.isLoading) return tokens.access() ? <DelayedSpinner /> : children;
    return session.isAuthenticated ? <Redirigir to={destinoTrasLogin(location.search, session)} /> : children;
  }
  if (session.isLoading) return <DelayedSpinner />;
  if (!session.isAuthenticated) {
    // Logged out from this very screen: the logout's navigation says where to go.
    if (cerradaDesde(location.pathname)) return null;
    return <Redirigir to={loginConRegreso(location)} mensaje={loginMessage ?? INICIA_SESION} id={LOGIN_TOAST_ID} />;
  }
  if (guard === 'proveedor' && !session.is_proveedor) return <Redirigir to="/" mensaje={SOLO_PROVEEDOR} id="rol-requerido" />;
  if (guard === 'comprador' && !session.is_comprador) return <Redirigir to="/" mensaje={SOLO_COMPRADOR} id="rol-requerido" />;
  if (guard === 'moderador' && !session.is_moderador) return <Redirigir to="/" mensaje={SOLO_MODERADOR} id="rol-requerido" />;
  return children;
}
