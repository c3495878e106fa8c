// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UsuarioMe } from '#common/schemas/auth';
import DireccionesPage from '../features/direcciones/pages/direcciones-page';
import { renderAt, stubFetch } from '../test/page-harness';
import { Toaster } from '../ui/toast';
import { Guarded } from './guards';

const USUARIO: UsuarioMe = {
  id: 3,
  email: 'comprador@prueba.cl',
  email_pendiente: null,
  first_name: 'Ana',
  last_name: 'Pérez',
  telefono: '',
  fecha_nacimiento: null,
  is_comprador: true,
  is_proveedor: false,
  is_moderador: false,
  correo_contacto: 'comprador@prueba.cl',
  direccion_envio: '',
  ofrece_credito: false,
  empresa: '',
};

beforeEach(() => {
  localStorage.setItem('access', 'a.b.c');
  // The session loads, then the screen's own call finds it expired (no refresh token to renew it).
  stubFetch({
    'POST /auth/jwt/verify/': { status: 200, body: {} },
    'GET /auth/users/me/': { status: 200, body: USUARIO },
    'GET /api/cotizaciones/direccion/obtener/': { status: 401, body: { detail: 'Token inválido.' } },
  });
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("'Sesión expirada' (docs/producto.md §8) shows once", () => {
  it('when the screen finds the session expired and the guard then sends the visitor to /login', async () => {
    render(<Toaster />);
    const router = renderAt(
      '/direcciones',
      <Guarded guard="sesion" loginMessage="Sesión expirada">
        <DireccionesPage />
      </Guarded>,
      { '/login': 'Iniciar sesión' },
    );
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(screen.getAllByText('Sesión expirada')).toHaveLength(1));
    // Still one a moment later: no second toast arrives behind the first.
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(screen.getAllByText('Sesión expirada')).toHaveLength(1);
  });
});

describe("'comprador': a buyer's own screens (Mis listas)", () => {
  it('sends a supplier home, saying the page is for buyers; a buyer sees it', async () => {
    stubFetch({
      'POST /auth/jwt/verify/': { status: 200, body: {} },
      'GET /auth/users/me/': { status: 200, body: { ...USUARIO, is_comprador: false, is_proveedor: true } },
    });
    render(<Toaster />);
    const router = renderAt(
      '/listas',
      <Guarded guard="comprador">
        <h1>Mis listas</h1>
      </Guarded>,
      { '/': 'Inicio' },
    );
    await screen.findByRole('heading', { name: 'Inicio' });
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Esta página es para compradores.')).toBeTruthy();
    cleanup();
    stubFetch({ 'POST /auth/jwt/verify/': { status: 200, body: {} }, 'GET /auth/users/me/': { status: 200, body: USUARIO } });
    renderAt(
      '/listas',
      <Guarded guard="comprador">
        <h1>Mis listas</h1>
      </Guarded>,
    );
    expect(await screen.findByRole('heading', { name: 'Mis listas' })).toBeTruthy();
  });
});

describe("'sin-sesion': /login with a session open", () => {
  it('sends a supplier on to its panel and a buyer home, when no page waits', async () => {
    stubFetch({
      'POST /auth/jwt/verify/': { status: 200, body: {} },
      'GET /auth/users/me/': { status: 200, body: { ...USUARIO, is_comprador: false, is_proveedor: true } },
    });
    const login = (
      <Guarded guard="sin-sesion">
        <h1>Iniciar sesión</h1>
      </Guarded>
    );
    const router = renderAt('/login', login, { '/panel': 'Resumen', '/': 'Inicio' });
    await screen.findByRole('heading', { name: 'Resumen' });
    expect(router.state.location.pathname).toBe('/panel');
    cleanup();
    stubFetch({ 'POST /auth/jwt/verify/': { status: 200, body: {} }, 'GET /auth/users/me/': { status: 200, body: USUARIO } });
    const deComprador = renderAt('/login', login, { '/panel': 'Resumen', '/': 'Inicio' });
    await screen.findByRole('heading', { name: 'Inicio' });
    expect(deComprador.state.location.pathname).toBe('/');
  });
});
