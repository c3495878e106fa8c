// What the page tests share: the page rendered as the app renders it, and fetch answered from a
// table of responses with every call recorded. Each test file keeps its own data.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '../lib/session';

/**
 * Renders `page` at `path` inside the app's providers (queries and mutations never retried: a
 * failure shows at once), with a heading standing in for each page it may go to
 * ({'/facturacion': 'Facturación'}), opened at `entrada` (the path itself unless a query is
 * wanted: '/x?id=7'). Returns the router, to read where the page went.
 */
export function renderAt(path: string, page: ReactElement, destinos: Record<string, string> = {}, entrada = path) {
  const router = createMemoryRouter(
    [{ path, element: page }, ...Object.entries(destinos).map(([destino, titulo]) => ({ path: destino, element: <h1>{titulo}</h1> }))],
    { initialEntries: [entrada] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } })}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

export interface Respuesta {
  status: number;
  body: unknown;
}
export interface Llamada {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Replaces fetch: each call is answered from `respuestas` by 'METHOD url' (read at call time, so a
 * test may change an answer), else 404, and recorded in the list returned.
 */
export function stubFetch(respuestas: Record<string, Respuesta>): Llamada[] {
  const llamadas: Llamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      llamadas.push({ url, method, headers: (init.headers ?? {}) as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const r = respuestas[`${method} ${url}`] ?? { status: 404, body: { detail: 'No encontrado.' } };
      // 204 and 205 carry no body (the Response constructor refuses one).
      return new Response(r.status === 204 || r.status === 205 ? null : JSON.stringify(r.body), { status: r.status });
    }),
  );
  return llamadas;
}
