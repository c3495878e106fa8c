import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lista } from '#server/db/schema/listas';
import { usuario } from '#server/db/schema/usuario';
import { setupTestApp } from '#server/test/test-app';
import { seedDemo } from './demo';
import { DEMO_LISTA } from './demo-lista';

/** The demo buyer's list 'Semana' (docs/producto.md §16): what a visitor trying the demo finds on the home page and /listas. */
const ctx = setupTestApp({ roleTokens: true });

const listasDelComprador = async () => {
  const res = await ctx.t.request({ method: 'GET', url: '/api/listas/', token: ctx.tokens.comprador });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Array<{ id: number; nombre: string; productos: Array<{ nombre: string; cantidad: number; categoria: string; disponible: boolean }> }>;
};

describe('the demo buyer’s list', () => {
  it('is one list, Semana, of the demo products, each quotable and at or above its category’s minimum', async () => {
    const listas = await listasDelComprador();
    expect(listas.map((l) => l.nombre)).toEqual(['Semana']);
    const { productos } = listas[0]!;
    expect(productos.map((p) => [p.nombre, p.cantidad])).toEqual(DEMO_LISTA.productos.map(([nombre, cantidad]) => [nombre, cantidad]));
    expect(productos.every((p) => p.disponible)).toBe(true);
    const rangos: Array<{ categoria_nombre: string; limite_inferior: number }> = (
      await ctx.t.request({ method: 'GET', url: '/api/productos/rangosprecios/' })
    ).json();
    for (const p of productos) {
      const minimo = Math.min(...rangos.filter((r) => r.categoria_nombre === p.categoria).map((r) => r.limite_inferior));
      expect(p.cantidad, p.nombre).toBeGreaterThanOrEqual(minimo);
    }
    // Quoting it works as for any list: every product has offers.
    const cotizada = await ctx.t.request({ method: 'POST', url: `/api/listas/${listas[0]!.id}/cotizar/`, token: ctx.tokens.comprador, payload: {} });
    expect(cotizada.statusCode, cotizada.body).toBe(201);
    expect(cotizada.json().productos_no_identificados).toEqual([]);
  });

  it('seeding again adds none; a buyer with a list of its own keeps only its own; with none, Semana comes back on the next start', async () => {
    const { db } = ctx.t.database;
    expect(await seedDemo(db)).toBe(false);
    const [semana] = await listasDelComprador();
    expect((await listasDelComprador()).map((l) => l.id)).toEqual([semana!.id]);

    // Renamed by a visitor: not a second Semana beside it.
    await db.update(lista).set({ nombre: 'Semana parrilla' }).where(eq(lista.id, semana!.id));
    await seedDemo(db);
    expect((await listasDelComprador()).map((l) => l.nombre)).toEqual(['Semana parrilla']);

    const [comprador] = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, 'comprador@abastece.cl'));
    await db.delete(lista).where(eq(lista.usuario_id, comprador!.id));
    await seedDemo(db);
    expect((await listasDelComprador()).map((l) => [l.nombre, l.productos.length])).toEqual([['Semana', DEMO_LISTA.productos.length]]);
  });
});
