import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import type { UsuarioMe } from '#common/schemas/auth';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../ui/toast';
import { ApiError, api } from './api-client';
import { loginConRegreso } from './ruta-de-regreso';
import { tokens } from './storage';

/**
 * The user as /auth/users/me/ returns it. email_pendiente (a new address waiting for its
 * confirmation link) arrives with the accounts branch; absent, it reads as none.
 */
export type UsuarioSesion = UsuarioMe & { email_pendiente?: string | null };

export interface Session {
  /** True while the stored token is being verified on load. */
  isLoading: boolean;
  isAuthenticated: boolean;
  user: UsuarioSesion | null;
  is_comprador: boolean;
  is_proveedor: boolean;
  is_moderador: boolean;
  /** Stores both tokens and loads the profile (docs/producto.md §4 "Login success"). */
  signIn(t: { access: string; refresh: string }): Promise<UsuarioSesion | null>;
  signOut(): void;
  reload(): Promise<unknown>;
}

const SessionContext = createContext<Session | null>(null);

/**
 * The one toast that says why the visitor is on its way to /login ('Sesión expirada', 'Debes
 * iniciar sesión'). One id for every sender (a screen's expired call and the guard that
 * then sees no session each showed one; two queries of one screen did too): a second one replaces
 * the first instead of stacking under it.
 */
export const LOGIN_TOAST_ID = 'login-requerido';
export const SESSION_KEY = ['session'] as const;

/**
 * Verifies the stored token, then loads the user; when the server refuses them the tokens are
 * cleared (docs/producto.md §4). Anything else (offline, a request aborted because the page is being left, a
 * 429 or 5xx) says nothing about the tokens, so they are kept for the next load.
 */
export async function loadSession(): Promise<UsuarioSesion | null> {
  const access = tokens.access();
  // A missing or malformed access token (storage drops those) still leaves the refresh token to try.
  if (!access && !tokens.refresh()) return null;
  try {
    if (access) {
      await api('/auth/jwt/verify/', { method: 'POST', body: { token: access } }).catch(async (error) => {
        // An expired access token is normal after 30 minutes: the refresh token may still be good.
        if (!tokens.refresh()) throw error;
      });
    }
    return await api<UsuarioSesion>('/auth/users/me/', { auth: true });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) tokens.clear();
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: SESSION_KEY, queryFn: loadSession, staleTime: Number.POSITIVE_INFINITY, retry: false });
  const user = query.data ?? null;

  const signIn = useCallback(
    async (t: { access: string; refresh: string }) => {
      tokens.set(t);
      return queryClient.fetchQuery({ queryKey: SESSION_KEY, queryFn: loadSession, staleTime: 0 });
    },
    [queryClient],
  );
  const signOut = useCallback(() => {
    tokens.clear();
    queryClient.setQueryData(SESSION_KEY, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
  }, [queryClient]);
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: SESSION_KEY }), [queryClient]);

  const value = useMemo<Session>(
    () => ({
      isLoading: query.isPending,
      isAuthenticated: user !== null,
      user,
      is_comprador: user?.is_comprador ?? false,
      is_proveedor: user?.is_proveedor ?? false,
      is_moderador: user?.is_moderador ?? false,
      signIn,
      signOut,
      reload,
    }),
    [query.isPending, user, signIn, signOut, reload],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * For screens whose calls need a session (docs/producto.md §8 'Sesión expirada'): when a call still answers
 * 401 after the silent refresh, the session is over; say so and go to /login. True if handled.
 */
export function useSessionExpiredHandler() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 401) return false;
      session.signOut();
      toast.error('Sesión expirada', { id: LOGIN_TOAST_ID });
      // Logged in again, the user is back on this screen (docs/decisions/018-flujos-y-avisos.md).
      navigate(loginConRegreso(location));
      return true;
    },
    [session, navigate, location],
  );
}

/**
 * The path a logout was made from. Its private screen's guard sees no session before the logout's
 * own navigation lands, and must not send the user to /login?next= with 'Inicia sesión para ver
 * esta página.' meanwhile (docs/decisions/018). Forgotten as soon as a guard renders elsewhere.
 */
let cierreDesde: string | null = null;

/** True while `pathname` is the screen the user just logged out from. */
export function cerradaDesde(pathname: string): boolean {
  if (cierreDesde !== pathname) cierreDesde = null;
  return cierreDesde !== null;
}

/** Logging out from the menu or the profile: tokens gone, docs/producto.md §8's toast, back home (or to `to`: /ordenes goes to /login, docs/producto.md §2). */
export function useLogout(to = '/') {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    cierreDesde = pathname;
    session.signOut();
    toast.success('Has cerrado sesión correctamente.');
    navigate(to);
  }, [session, navigate, to, pathname]);
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession fuera de SessionProvider');
  return session;
}
