// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Respuesta, renderAt, stubFetch } from '../../test/page-harness';
import { COMPRADORA, PROVEEDOR, signIn } from '../../test/sesion';
import { pantalla } from './pantalla.fixtures';
import { TopBar } from './top-bar';

const PENDIENTES = 'GET /api/pedidos/?page=1&estado=pendiente';

let respuestas: Record<string, Respuesta>;

beforeEach(() => {
  respuestas = { [PENDIENTES]: { status: 200, body: { count: 3, results: [] } } };
  signIn(respuestas, PROVEEDOR);
  stubFetch(respuestas);
  // A phone: the supplier's whole menu is behind ☰ (layout.test.tsx: the side menu of wide screens).
  pantalla(375);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The session, then the count: two calls in a row, slow on a loaded machine. */
const ESPERA = { timeout: 5000 };
const menu = async () => within(await screen.findByRole('navigation', { name: 'Menú principal' }));

describe('TopBar', () => {
  it("puts Pedidos Recibidos right after the supplier's products, with how many pedidos wait, seen and heard", async () => {
    renderAt('/pedidos-recibidos/7', <TopBar />);
    const enlace = await (await menu()).findByRole('link', { name: 'Pedidos Recibidos, 3 pendientes' }, ESPERA);
    expect(enlace.getAttribute('href')).toBe('/pedidos-recibidos');
    expect(enlace.textContent).toBe('Pedidos Recibidos3');
    // A pedido's screen belongs to the inbox.
    expect(enlace.getAttribute('aria-current')).toBe('page');
    const nombres = (await menu()).getAllByRole('link').map((a) => a.textContent);
    expect(nombres.indexOf('Pedidos Recibidos3')).toBe(nombres.indexOf('Mis Productos de Proveedor') + 1);
  });

  it('shows no count when nothing waits', async () => {
    respuestas[PENDIENTES] = { status: 200, body: { count: 0, results: [] } };
    renderAt('/', <TopBar />);
    const enlace = await (await menu()).findByRole('link', { name: 'Pedidos Recibidos' });
    expect(enlace.textContent).toBe('Pedidos Recibidos');
  });

  it("is not a buyer's entry, and a buyer's menu never asks for the count", async () => {
    respuestas['GET /auth/users/me/'] = { status: 200, body: COMPRADORA };
    const llamadas = stubFetch(respuestas);
    renderAt('/', <TopBar />);
    await (await menu()).findByRole('link', { name: 'Mi Perfil' });
    expect(screen.queryByRole('link', { name: /Pedidos Recibidos/ })).toBeNull();
    expect(llamadas.some((l) => l.url.startsWith('/api/pedidos/'))).toBe(false);
  });

  it('gives the supplier a way to the bulk upload, after its products and pedidos', async () => {
    renderAt('/carga-masiva', <TopBar />);
    const enlace = await (await menu()).findByRole('link', { name: 'Carga masiva' });
    expect(enlace.getAttribute('href')).toBe('/carga-masiva');
    expect(enlace.getAttribute('aria-current')).toBe('page');
    const nombres = (await menu()).getAllByRole('link').map((a) => a.textContent);
    expect(nombres.indexOf('Carga masiva')).toBe(nombres.indexOf('Pedidos Recibidos3') + 1);
  });

  it("is no buyer's entry", async () => {
    respuestas['GET /auth/users/me/'] = { status: 200, body: COMPRADORA };
    renderAt('/', <TopBar />);
    await (await menu()).findByRole('link', { name: 'Mi Perfil' });
    expect(screen.queryByRole('link', { name: 'Carga masiva' })).toBeNull();
  });

  it('keeps /login?next= on its Iniciar Sesión link, marked as the current page', async () => {
    localStorage.clear();
    renderAt('/login', <TopBar />, {}, '/login?next=%2Flistas');
    const enlace = await (await menu()).findByRole('link', { name: 'Iniciar Sesión' });
    expect(enlace.getAttribute('href')).toBe('/login?next=%2Flistas');
    expect(enlace.getAttribute('aria-current')).toBe('page');
  });
});
