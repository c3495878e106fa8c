import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { DelayedSpinner } from '../../ui/delayed-spinner';
import { Toaster } from '../../ui/toast';
import { useRouteTitle } from '../route-title';
import { Footer } from './footer';
import { MenuProveedor, useMenuLateral } from './menu-proveedor';
import { TopBar } from './top-bar';

/** The one layout every route shares (docs/producto.md §2). */
export function Layout() {
  useRouteTitle();
  const lateral = useMenuLateral();
  return (
    <div className={lateral ? 'app app--lateral' : 'app'}>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <TopBar />
      {/* Before main, so a keyboard reaches it after the bar; main keeps its place among the children, so it never remounts. */}
      {lateral && <MenuProveedor />}
      <main id="contenido" className="main" tabIndex={-1}>
        <Suspense fallback={<DelayedSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toaster />
      {/* A new screen opens at its top; back and forward return to where the user was. */}
      <ScrollRestoration />
    </div>
  );
}
