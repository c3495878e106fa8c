// What the page tests share: the page rendered as the app renders it, and fetch answered from a
// table of responses with every call recorded. Each test file keeps its own data.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, vi } from 'vitest';
import { SessionProvider } from '../lib/session';
import { checkRespuesta } from './contratos';

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

/**
 * A list the server pages 20 at a time, 45 items long: its pager (`paginas`) shows 3 pages, and
 * 'Página 2' shows that page's heading and keeps `?page=2` in the URL.
 */
export async function expectPaginaDos(router: ReturnType<typeof renderAt>, paginas: string, titulos: { primera: string; segunda: string }) {
  await screen.findByRole('heading', { name: titulos.primera });
  const pager = screen.getByRole('navigation', { name: paginas });
  expect(within(pager).getAllByRole('button', { name: /^Página/ })).toHaveLength(3);
  fireEvent.click(within(pager).getByRole('button', { name: 'Página 2' }));
  await screen.findByRole('heading', { name: titulos.segunda });
  expect(router.state.location.search).toBe('?page=2');
}

export interface Respuesta {
  status: number;
  body: unknown;
  /**
   * Why this answer is knowingly NOT what the server sends (a test of how the page copes with a
   * broken contract); without it, the answer is parsed with the endpoint's schema (contratos.ts).
   */
  fueraDeContrato?: string;
}
export interface Llamada {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Stubbed answers that broke their endpoint's contract in the running test: it fails after. */
let incumplidas: string[] = [];
afterEach(() => {
  const errores = incumplidas;
  incumplidas = [];
  if (errores.length > 0) throw new Error(errores.join('\n'));
});

/** Throws (and fails the test) when an answer is not what the server would send for its endpoint and status. */
export function checkContrato(clave: string, r: Respuesta): void {
  if (r.fueraDeContrato) return;
  const [method, url] = clave.split(' ') as [string, string];
  try {
    checkRespuesta(method, url, r.status, r.body);
  } catch (error) {
    incumplidas.push((error as Error).message);
    throw error;
  }
}

/**
 * Replaces fetch: each call is answered from `respuestas` by 'METHOD url' (read at call time, so a
 * test may change an answer), else 404, and recorded in the list returned. Every answer is parsed
 * with its endpoint's response schema (contratos.ts), when stubbed and again when served: one
 * that does not parse fails the test.
 */
export function stubFetch(respuestas: Record<string, Respuesta>): Llamada[] {
  for (const [clave, r] of Object.entries(respuestas)) checkContrato(clave, r);
  const llamadas: Llamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      llamadas.push({ url, method, headers: (init.headers ?? {}) as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const clave = `${method} ${url}`;
      const r = respuestas[clave] ?? { status: 404, body: { detail: 'No encontrado.' } };
      checkContrato(clave, r);
      // 204 and 205 carry no body (the Response constructor refuses one).
      return new Response(r.status === 204 || r.status === 205 ? null : JSON.stringify(r.body), { status: r.status });
    }),
  );
  return llamadas;
}
