import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { DelayedSpinner } from '../../ui/delayed-spinner';
import { Toaster } from '../../ui/toast';
import { useRouteTitle } from '../route-title';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** The one layout every route shares (docs/producto.md §2). */
export function Layout() {
  useRouteTitle();
  return (
    <div className="app">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <TopBar />
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
