import { useEffect } from 'react';
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

/** Sets the tab title from the deepest matched route that declares one (router.tsx). */
export function useRouteTitle() {
  const matches = useMatches();
  const handle = matches.findLast((m) => (m.handle as RouteHandle | undefined)?.title !== undefined)?.handle as RouteHandle | undefined;
  const title = tabTitle(handle?.title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
