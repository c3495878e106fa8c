import { describe, expect, it } from 'vitest';
import { ROLES, type RoleName } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';

const ctx = setupTestApp({ roleTokens: true });

describe('GET /api/ubicacion/regiones/', () => {
  it('lists the 16 regions of Chile from north to south with their official codes', async () => {
    const res = await ctx.t.request({ method: 'GET', url: '/api/ubicacion/regiones/' });
    expect(res.statusCode).toBe(200);
    const regiones = res.json() as { id: number; nombre: string }[];
    expect(regiones).toHaveLength(16);
    expect(regiones[0]).toEqual({ id: 15, nombre: 'Región de Arica y Parinacota' });
    expect(regiones.at(-1)).toEqual({ id: 12, nombre: 'Región de Magallanes y de la Antártica Chilena' });
    expect(regiones.find((r) => r.id === 13)?.nombre).toBe('Región Metropolitana de Santiago');
  });
});

describe('GET /api/ubicacion/comunas/?region=', () => {
  it('lists the comunas of a region alphabetically, 346 in all', async () => {
    const rm = (await ctx.t.request({ method: 'GET', url: '/api/ubicacion/comunas/?region=13' })).json() as { id: number; nombre: string }[];
    expect(rm).toHaveLength(52);
    expect(rm.find((c) => c.nombre === 'Providencia')?.id).toBe(13123);
    expect(rm.map((c) => c.nombre)).toEqual([...rm.map((c) => c.nombre)].sort((a, b) => a.localeCompare(b, 'es')));
    let total = 0;
    for (const { id } of (await ctx.t.request({ method: 'GET', url: '/api/ubicacion/regiones/' })).json()) {
      total += (await ctx.t.request({ method: 'GET', url: `/api/ubicacion/comunas/?region=${id}` })).json().length;
    }
    expect(total).toBe(346);
  });

  it.each([
    ['', 400],
    ['?region=', 400],
    ['?region=abc', 400],
    ['?region=-1', 400],
    ['?region=1.5', 400],
    ['?region=99', 404],
    ['?region=99999999999999999999', 400],
  ])('answers %s with %i and a Spanish message', async (query, status) => {
    const res = await ctx.t.request({ method: 'GET', url: `/api/ubicacion/comunas/${query}` });
    expect(res.statusCode).toBe(status);
    expect(JSON.stringify(res.json())).toMatch(/región/i);
  });

  it('is public for every role', async () => {
    for (const role of Object.keys(ROLES) as RoleName[]) {
      expect((await ctx.t.request({ method: 'GET', url: '/api/ubicacion/comunas/?region=5', token: ctx.tokens[role] })).statusCode, role).toBe(200);
    }
  });
});
