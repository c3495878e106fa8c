// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Respuesta, renderAt, stubFetch } from '../../../test/page-harness';
import { COMPRADORA, PROVEEDOR } from '../../../test/sesion';
import LoginPage from './login-page';

const DESTINOS = { '/': 'Inicio', '/panel': 'Resumen', '/pedidos-recibidos/:id': 'Pedido' };

let respuestas: Record<string, Respuesta>;

beforeEach(() => {
  respuestas = {
    'POST /auth/jwt/create/': { status: 200, body: { access: 'a.b.c', refresh: 'd.e.f' } },
    'POST /auth/jwt/verify/': { status: 200, body: {} },
    'GET /auth/users/me/': { status: 200, body: PROVEEDOR },
  };
  stubFetch(respuestas);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function ingresar(entrada = '/login') {
  const router = renderAt('/login', <LoginPage />, DESTINOS, entrada);
  fireEvent.change(await screen.findByLabelText('Correo electrónico'), { target: { value: PROVEEDOR.email } });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'abastece2026' } });
  fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  return router;
}

describe('LoginPage', () => {
  it('lands a supplier on its panel when no page waits for it', async () => {
    const router = await ingresar();
    await screen.findByRole('heading', { name: 'Resumen' });
    expect(router.state.location.pathname).toBe('/panel');
  });

  it('returns a supplier to the page it was on', async () => {
    const router = await ingresar('/login?next=%2Fpedidos-recibidos%2F7');
    await screen.findByRole('heading', { name: 'Pedido' });
    expect(router.state.location.pathname).toBe('/pedidos-recibidos/7');
  });

  it('keeps a buyer landing on the home page', async () => {
    respuestas['GET /auth/users/me/'] = { status: 200, body: COMPRADORA };
    const router = await ingresar();
    await screen.findByRole('heading', { name: 'Inicio' });
    expect(router.state.location.pathname).toBe('/');
  });
});
