// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSession } from './session';
import { tokens } from './storage';

// Shaped like the server's JWTs: storage drops anything else.
const ACCESS = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.firma-acceso';
const REFRESH = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.firma-refresh';

const answer = (status: number, body: unknown = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('loadSession', () => {
  it('keeps the tokens when the network fails (an aborted request says nothing about them)', async () => {
    tokens.set({ access: ACCESS, refresh: REFRESH });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await loadSession()).toBeNull();
    expect(tokens.access()).toBe(ACCESS);
    expect(tokens.refresh()).toBe(REFRESH);
  });

  it('keeps the tokens when the server is busy or failing', async () => {
    tokens.set({ access: ACCESS, refresh: REFRESH });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(503, { detail: 'Servicio no disponible.' })),
    );
    expect(await loadSession()).toBeNull();
    expect(tokens.access()).toBe(ACCESS);
  });

  it('clears the tokens when the server refuses them', async () => {
    tokens.set({ access: ACCESS, refresh: REFRESH });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { detail: 'Token inválido.' })),
    );
    expect(await loadSession()).toBeNull();
    expect(tokens.access()).toBeNull();
    expect(tokens.refresh()).toBeNull();
  });

  it('renews a tampered access token with the refresh token instead of logging out', async () => {
    tokens.set({ access: ACCESS, refresh: REFRESH });
    localStorage.setItem('access', 'token-vencido');
    const NUEVO = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.nuevo';
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/auth/jwt/refresh/') return answer(200, { access: NUEVO });
      const auth = (init?.headers as Record<string, string>)?.authorization;
      return auth === `JWT ${NUEVO}` ? answer(200, { id: 1, email: 'ana@prueba.cl' }) : answer(401, { detail: 'No autenticado.' });
    });
    vi.stubGlobal('fetch', fetch);
    expect(await loadSession()).toMatchObject({ id: 1 });
    expect(tokens.access()).toBe(NUEVO);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/auth/users/me/', '/auth/jwt/refresh/', '/auth/users/me/']);
  });

  it('without any token there is no session and no request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await loadSession()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
