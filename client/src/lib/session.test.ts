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
    vi.stubGlobal('fetch', vi.fn(async () => answer(503, { detail: 'Servicio no disponible.' })));
    expect(await loadSession()).toBeNull();
    expect(tokens.access()).toBe(ACCESS);
  });

  it('clears the tokens when the server refuses them', async () => {
    tokens.set({ access: ACCESS, refresh: REFRESH });
    vi.stubGlobal('fetch', vi.fn(async () => answer(401, { detail: 'Token inválido.' })));
    expect(await loadSession()).toBeNull();
    expect(tokens.access()).toBeNull();
    expect(tokens.refresh()).toBeNull();
  });
});
