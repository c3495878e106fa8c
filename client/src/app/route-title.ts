import { useEffect, useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';

/** What a route of router.tsx declares about itself; the layout reads it. */
export interface RouteHandle {
  /** The tab title's own part; null keeps the app's title (home page). */
  title: string | null;
}

export const APP_TITLE = 'Abastece · Mayorista de alimentos';

/** 'Iniciar sesión' → 'Iniciar sesión · Abastece'; the home page keeps the app's title. */
export function tabTitle(title: string | null | undefined): string {
  return title ? `${title} · Abastece` : APP_TITLE;
}

// The title a mounted page gave itself (usePageTitle), over its route's.
let pageTitle: string | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const setPageTitle = (title: string | undefined) => {
  pageTitle = title;
  for (const listener of listeners) listener();
};

/**
 * A page whose tab title depends on what it shows (/confirmacion: an order bought, or one still
 * waiting for its e-mail) names it here while mounted; its route's title applies again when it leaves.
 */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle(undefined);
  }, [title]);
}

/** Sets the tab title from the mounted page's own (usePageTitle), else the deepest matched route that declares one (router.tsx). */
export function useRouteTitle() {
  const matches = useMatches();
  const handle = matches.findLast((m) => (m.handle as RouteHandle | undefined)?.title !== undefined)?.handle as RouteHandle | undefined;
  const own = useSyncExternalStore(subscribe, () => pageTitle);
  const title = tabTitle(own ?? handle?.title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
