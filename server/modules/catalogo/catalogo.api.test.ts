import { describe, expect, it } from 'vitest';
import { CATEGORIAS, LIMITES_RANGO_KG } from '#common/constants';
import { consolidatedDataSchema, rangoPrecioSchema } from '#common/schemas/catalogo';
import { producto } from '#server/db/schema/catalogo';
import { ROLES, type RoleName } from '#server/test/roles';
import { createTestApp, setupTestApp } from '#server/test/test-app';

const ctx = setupTestApp({ roleTokens: true });

describe('GET /api/productos/consolidated-data/', () => {
  it('lists every category and only approved products, with origin, brand, unit and formats', async () => {
    const res = await ctx.t.request({ method: 'GET', url: '/api/productos/consolidated-data/' });
    expect(res.statusCode).toBe(200);
    const data = consolidatedDataSchema.parse(res.json());
    expect(data.categorias.map((c) => c.nombre).sort()).toEqual([...CATEGORIAS].sort());
    expect(data.productos.length).toBeGreaterThanOrEqual(120);
    const lomo = data.productos.find((p) => p.nombre === 'Lomo vetado');
    expect(lomo).toMatchObject({
      categoria: { nombre: 'CARNE BOVINA' },
      origen: { descripcion: 'Argentina' },
      marca: { nombre: 'Swift' },
      unidad: { descripcion: 'KILO' },
    });
    expect(lomo?.formatos.map((f) => f.descripcion)).toEqual(['AL VACIO']);
    // Pending products (awaiting a moderator) never reach buyers.
    expect(data.productos.some((p) => p.nombre === 'Cordero magallánico pierna')).toBe(false);
    for (const c of CATEGORIAS) expect(data.productos.some((p) => p.categoria.nombre === c)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match and a new ETag after the catalogue changes', async () => {
    const first = await ctx.t.request({ method: 'GET', url: '/api/productos/consolidated-data/' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await ctx.t.request({ method: 'GET', url: '/api/productos/consolidated-data/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is public: every role gets the same catalogue', async () => {
    const bodies = new Set<string>();
    for (const role of Object.keys(ROLES) as RoleName[]) {
      const res = await ctx.t.request({ method: 'GET', url: '/api/productos/consolidated-data/', token: ctx.tokens[role] });
      expect(res.statusCode, role).toBe(200);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
  });

  it('reflects a newly approved product once the cache is refreshed', async () => {
    const before = consolidatedDataSchema.parse((await ctx.t.request({ method: 'GET', url: '/api/productos/consolidated-data/' })).json());
    const app2 = await createTestApp();
    try {
      await app2.database.db.update(producto).set({ estado_moderacion: 'aprobado' });
      const after = consolidatedDataSchema.parse((await app2.request({ method: 'GET', url: '/api/productos/consolidated-data/' })).json());
      expect(after.productos.length).toBe(before.productos.length + 3);
    } finally {
      await app2.close();
    }
  });
});

describe('GET /api/productos/rangosprecios/', () => {
  it('gives the five tiers of every category with their lower limits', async () => {
    const res = await ctx.t.request({ method: 'GET', url: '/api/productos/rangosprecios/' });
    expect(res.statusCode).toBe(200);
    const rangos = res.json().map((r: unknown) => rangoPrecioSchema.parse(r));
    expect(rangos).toHaveLength(CATEGORIAS.length * LIMITES_RANGO_KG.length);
    const aves = rangos.filter((r: { categoria_nombre: string }) => r.categoria_nombre === 'AVES');
    expect(aves.map((r: { nombre: string; limite_inferior: number }) => [r.nombre, r.limite_inferior])).toEqual(
      LIMITES_RANGO_KG.map((l) => [`Desde ${l} kg`, l]),
    );
  });

  it('is public for every role', async () => {
    for (const role of Object.keys(ROLES) as RoleName[]) {
      expect((await ctx.t.request({ method: 'GET', url: '/api/productos/rangosprecios/', token: ctx.tokens[role] })).statusCode, role).toBe(200);
    }
  });
});
