// First: configures zod before any schema module is evaluated (lib/zod-config.ts says why).
import './lib/zod-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { cargarPaginaInicial, router } from './app/router';
import { SessionProvider } from './lib/session';
import './app/styles.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

const root = createRoot(document.getElementById('root')!);

/**
 * The build preloads the chunks and stylesheets of the landing page being opened
 * (scripts/client-build.ts). Running the chunks and waiting for the stylesheets before the
 * first render means the first paint is the whole page, styled, with its start-up work done
 * before it rather than blocking the screen once it is shown. If one fails to load, the app
 * renders anyway and the router asks for it again.
 */
const landingPageChunks = [
  ...[...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload][data-route]')].map((link) => import(/* @vite-ignore */ link.href).catch(() => {})),
  ...[...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet][data-route]')].map(
    (link) =>
      link.sheet ??
      new Promise((done) => {
        link.addEventListener('load', done);
        link.addEventListener('error', done);
      }),
  ),
];

void Promise.all(landingPageChunks)
  // Its page, loaded now, renders in the first commit instead of suspending one render (router.tsx).
  .then(() => (landingPageChunks.length > 0 ? cargarPaginaInicial() : undefined))
  .catch(() => {})
  .then(() => {
    // As a transition the first render yields to the browser every few milliseconds instead of
    // holding the main thread for the whole tree (a phone stays responsive while the app starts).
    startTransition(() => {
      root.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </QueryClientProvider>
        </StrictMode>,
      );
    });
  });
