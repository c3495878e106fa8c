import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUSQUEDA_CORTA } from '#common/buscar-productos';
import type { ProductoEncontrado } from '#common/schemas/catalogo';
import { producto } from '#server/db/schema/catalogo';
import { createProductoDePrueba } from '#server/test/ofertas';
import { ROLES, type RoleName } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';

/** Searching the catalogue by name (docs/producto.md §16, docs/decisions/011 §Buscar productos por nombre). */
const ctx = setupTestApp({ roleTokens: true });

const buscar = (q: string, token?: string) => ctx.t.request({ method: 'GET', url: `/api/productos/buscar/?q=${encodeURIComponent(q)}`, token });
const nombres = async (q: string) => {
  const res = await buscar(q);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ProductoEncontrado[]).map((p) => p.nombre);
};

/** A product of the test's own, named `nombre` (first category, KILO). */
async function productoLlamado(nombre: string, opciones: Parameters<typeof createProductoDePrueba>[1] = {}) {
  const { db } = ctx.t.database;
  const p = await createProductoDePrueba(db, opciones);
  await db.update(producto).set({ nombre }).where(eq(producto.id, p.id));
  return p.id;
}

beforeAll(async () => {
  // Named so each would rank somewhere for 'ñandu pam'; the comments say where.
  for (const nombre of [
    'Pampa ñandú ahumado', // any order, 19
    'Filete de ñandú pampa', // in order, 21
    'Ñandú pampa entero', // starts, 18
    'Cola ñandú pampa', // in order, 16, after 'Alas'
    'Ñandú pampa', // starts, 11
    'Pampa ñandú', // any order, 11
    'Ñandú de la pampa', // in order, 17
    'Alas ñandú pampa', // in order, 16
    'Ñandú pampino', // starts, 13
    'Ñandú pampa ou', // starts, 14, after 'ñu' in Spanish order (C order puts 'ñ' after 'z')
    'Ñandú pampa ñu', // starts, 14
    'Ñandúpampa', // 'pam' starts no word: not found
    'Ñandú lampa', // 'pam' is inside a word, not at its start: not found
  ])
    await productoLlamado(nombre);
  await productoLlamado('Ñandú pampa pendiente', { estado: 'pendiente' });
  await productoLlamado('Ñandú pampa rechazado', { estado: 'rechazado' });
  await productoLlamado('Ñandú pampa archivado', { archivado: true });
  const { db } = ctx.t.database;
  const { id } = (await createProductoDePrueba(db))!;
  // Twenty-five products that all match 'guayaba lim' equally but for their number.
  await db.execute(sql`INSERT INTO producto (nombre, categoria_id, origen_id, marca_id, unidad_id, estado_moderacion)
    SELECT 'Guayaba límite ' || lpad(g::text, 2, '0'), categoria_id, origen_id, marca_id, unidad_id, 'aprobado'
    FROM producto, generate_series(1, 25) g WHERE producto.id = ${id}`);
  await ctx.t.settle();
});

describe('GET /api/productos/buscar/', () => {
  it('ranks: the name starts with the query, then its words in order, then in any order; then the shorter name; then Spanish alphabetical order', async () => {
    expect(await nombres('ñandu pam')).toEqual([
      'Ñandú pampa',
      'Ñandú pampino',
      'Ñandú pampa ñu',
      'Ñandú pampa ou',
      'Ñandú pampa entero',
      'Alas ñandú pampa',
      'Cola ñandú pampa',
      'Ñandú de la pampa',
      'Filete de ñandú pampa',
      'Pampa ñandú',
      'Pampa ñandú ahumado',
    ]);
  });

  it('finds a product whatever the accents, the case and the order of the words, with its category and unit', async () => {
    for (const q of ['lomo vet', 'VETADO lomo', 'lomo vetádo', '  Lomo   VETÁDO ']) {
      const res = await buscar(q);
      expect(res.statusCode, q).toBe(200);
      expect(res.json(), q).toContainEqual({ id: expect.any(Number), nombre: 'Lomo vetado', categoria: 'CARNE BOVINA', unidad: 'KILO' });
    }
    expect((await nombres('lomo vet'))[0]).toBe('Lomo vetado');
    expect(await nombres('NANDU PAMPA OU')).toEqual(['Ñandú pampa ou']);
  });

  it('every word must start a word of the name', async () => {
    expect(await nombres('omo vetado')).toEqual([]);
    expect(await nombres('lomo vetado xyz')).toEqual([]);
    expect(await nombres('ñandú lam')).toEqual(['Ñandú lampa']);
  });

  it('answers at most 20, best first', async () => {
    const encontrados = await nombres('guayaba lim');
    expect(encontrados).toHaveLength(20);
    expect(encontrados).toEqual(Array.from({ length: 20 }, (_, i) => `Guayaba límite ${String(i + 1).padStart(2, '0')}`));
  });

  it('never offers a product a buyer cannot quote: pending, rejected or archived', async () => {
    const encontrados = await nombres('nandu pampa');
    expect(encontrados).toContain('Ñandú pampa');
    for (const n of ['Ñandú pampa pendiente', 'Ñandú pampa rechazado', 'Ñandú pampa archivado']) expect(encontrados).not.toContain(n);
  });

  it('drops a product archived since, and offers one approved since, on the next search', async () => {
    const { db } = ctx.t.database;
    const id = await productoLlamado('Tamarindo vigente');
    const pendiente = await productoLlamado('Tamarindo por aprobar', { estado: 'pendiente' });
    await ctx.t.settle();
    expect(await nombres('tamarindo')).toEqual(['Tamarindo vigente']);
    await db.update(producto).set({ archivado_en: new Date() }).where(eq(producto.id, id));
    await db.update(producto).set({ estado_moderacion: 'aprobado' }).where(eq(producto.id, pendiente));
    await ctx.t.settle();
    expect(await nombres('tamarindo')).toEqual(['Tamarindo por aprobar']);
  });

  it.each([
    ['', BUSQUEDA_CORTA],
    ['a', BUSQUEDA_CORTA],
    ['  a  ', BUSQUEDA_CORTA],
    ['x'.repeat(101), 'La búsqueda puede tener como máximo 100 caracteres.'],
  ])('answers 400 in Spanish to q=%j', async (q, mensaje) => {
    const res = await buscar(q);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ q: [mensaje] });
  });

  it('answers 400 without q, or with it twice', async () => {
    const sin = await ctx.t.request({ method: 'GET', url: '/api/productos/buscar/' });
    expect(sin.statusCode).toBe(400);
    expect(sin.json()).toEqual({ q: ['Este campo es requerido.'] });
    const dos = await ctx.t.request({ method: 'GET', url: '/api/productos/buscar/?q=lomo&q=vetado' });
    expect(dos.statusCode).toBe(400);
    expect(Object.keys(dos.json())).toEqual(['q']);
  });

  it('a query of punctuation alone finds nothing', async () => {
    expect(await nombres('--')).toEqual([]);
  });

  it('is public: every role gets the same answer', async () => {
    const bodies = new Set<string>();
    for (const role of Object.keys(ROLES) as RoleName[]) {
      const res = await buscar('lomo', ctx.tokens[role]);
      expect(res.statusCode, role).toBe(200);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
  });
});
