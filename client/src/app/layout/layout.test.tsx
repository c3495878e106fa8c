// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UsuarioMe } from '#common/schemas/auth';
import { type Llamada, type Respuesta, renderAt, stubFetch } from '../../test/page-harness';
import { COMPRADORA, MODERADORA, PROVEEDOR, signIn } from '../../test/sesion';
import { Layout } from './layout';
import { pantalla } from './pantalla.fixtures';

const PENDIENTES = 'GET /api/pedidos/?page=1&estado=pendiente';

let respuestas: Record<string, Respuesta>;
let llamadas: Llamada[];

function como(usuario: UsuarioMe | null) {
  localStorage.clear();
  respuestas = { [PENDIENTES]: { status: 200, body: { count: 3, results: [] } } };
  if (usuario) signIn(respuestas, usuario);
  llamadas = stubFetch(respuestas);
}

beforeEach(() => como(PROVEEDOR));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The session, then the count: two calls in a row, slow on a loaded machine. */
const ESPERA = { timeout: 5000 };
const principal = () => screen.findByRole('navigation', { name: 'Menú principal' });
/** What the top bar's menu holds, links and the logout button, in order. */
const entradas = async (nav: HTMLElement) => {
  await within(nav).findByRole('link', { name: 'Inicio' });
  return within(nav)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
};
const isPlegado = () => document.querySelector('header.topbar')!.classList.contains('topbar--plegado');

describe("the supplier's workspace", () => {
  it('is a side menu always in view at 1280 px, the top bar keeping only what is not its work', async () => {
    pantalla(1280);
    renderAt('/panel', <Layout />);
    const lateral = await screen.findByRole('navigation', { name: 'Menú del proveedor' }, ESPERA);
    await within(lateral).findByRole('link', { name: 'Pedidos Recibidos, 3 pendientes' }, ESPERA);
    expect(
      within(lateral)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Resumen', '/panel'],
      ['Productos', '/mis-productos-proovedor'],
      ['Pedidos Recibidos3', '/pedidos-recibidos'],
      ['Carga masiva', '/carga-masiva'],
      ['Condiciones', '/mis-condiciones'],
      ['Mi empresa', '/mi-empresa'],
    ]);
    expect(within(lateral).getByRole('link', { name: 'Resumen' }).getAttribute('aria-current')).toBe('page');
    expect(await entradas(await principal())).toEqual(['Inicio', 'Mi Perfil', 'Historial Cotizaciones', 'Cerrar Sesión']);
    expect(isPlegado()).toBe(false);
    // Before the page, so the keyboard reaches it right after the bar.
    expect(lateral.compareDocumentPosition(screen.getByRole('main')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.querySelector('.app')!.classList.contains('app--lateral')).toBe(true);
  });

  it("marks a pedido's screen as the inbox's, and the count is asked once for both menus", async () => {
    pantalla(1280);
    renderAt('/pedidos-recibidos/7', <Layout />);
    const lateral = await screen.findByRole('navigation', { name: 'Menú del proveedor' }, ESPERA);
    const enlace = await within(lateral).findByRole('link', { name: 'Pedidos Recibidos, 3 pendientes' }, ESPERA);
    expect(enlace.getAttribute('aria-current')).toBe('page');
    expect(llamadas.filter((l) => l.url.startsWith('/api/pedidos/'))).toHaveLength(1);
  });

  it('starts at 1024 px; below, at 1023 and on a phone, ☰ holds everything, the products under their long name', async () => {
    pantalla(1024);
    renderAt('/', <Layout />);
    await screen.findByRole('navigation', { name: 'Menú del proveedor' }, ESPERA);
    cleanup();
    for (const ancho of [1023, 375]) {
      pantalla(ancho);
      renderAt('/', <Layout />);
      await within(await principal()).findByRole('link', { name: 'Pedidos Recibidos, 3 pendientes' }, ESPERA);
      expect(await entradas(await principal()), `${ancho} px`).toEqual([
        'Inicio',
        'Resumen',
        'Mis Productos de Proveedor',
        'Pedidos Recibidos3',
        'Carga masiva',
        'Condiciones',
        'Mi empresa',
        'Mi Perfil',
        'Historial Cotizaciones',
        'Cerrar Sesión',
      ]);
      expect(isPlegado(), `${ancho} px`).toBe(true);
      expect(screen.queryByRole('navigation', { name: 'Menú del proveedor' })).toBeNull();
      cleanup();
    }
  });

  it("has no 'Órdenes de Compras': a supplier's orders are its Pedidos Recibidos", async () => {
    for (const ancho of [1280, 375]) {
      pantalla(ancho);
      renderAt('/', <Layout />);
      await within(await principal()).findByRole('link', { name: 'Mi Perfil' }, ESPERA);
      expect(screen.queryByRole('link', { name: 'Órdenes de Compras' }), `${ancho} px`).toBeNull();
      cleanup();
    }
  });

  it("keeps 'Órdenes de Compras' for an account that also buys", async () => {
    como({ ...PROVEEDOR, is_comprador: true });
    pantalla(1280);
    renderAt('/', <Layout />);
    await screen.findByRole('navigation', { name: 'Menú del proveedor' }, ESPERA);
    expect(await entradas(await principal())).toEqual(['Inicio', 'Mi Perfil', 'Mis listas', 'Historial Cotizaciones', 'Órdenes de Compras', 'Cerrar Sesión']);
  });
});

describe('the other roles see the top bar as before', () => {
  const MENUS: [string, UsuarioMe | null, string[]][] = [
    ['buyer', COMPRADORA, ['Inicio', 'Mi Perfil', 'Mis listas', 'Historial Cotizaciones', 'Órdenes de Compras', 'Cerrar Sesión']],
    ['moderator', MODERADORA, ['Inicio', 'Moderar Productos', 'Cerrar Sesión']],
    ['visitor', null, ['Inicio', 'Iniciar Sesión', 'Registrarme']],
  ];
  for (const [rol, usuario, menu] of MENUS) {
    for (const ancho of [1280, 375]) {
      it(`the ${rol}'s at ${ancho} px: no side menu, ☰ only on the phone`, async () => {
        como(usuario);
        pantalla(ancho);
        renderAt('/', <Layout />);
        // The session's menu, once loaded.
        const nav = await principal();
        await waitFor(async () => expect(await entradas(nav)).toEqual(menu), ESPERA);
        expect(isPlegado()).toBe(ancho === 375);
        expect(screen.queryByRole('navigation', { name: 'Menú del proveedor' })).toBeNull();
        expect(document.querySelector('.app')!.classList.contains('app--lateral')).toBe(false);
        expect(llamadas.some((l) => l.url.startsWith('/api/pedidos/'))).toBe(false);
      });
    }
  }
});
