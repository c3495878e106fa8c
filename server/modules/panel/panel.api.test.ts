import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hoyEnChile, sumarDias } from '#common/fecha';
import type { Panel } from '#common/schemas/panel';
import { producto } from '#server/db/schema/catalogo';
import { lineaComparada } from '#server/db/schema/cotizaciones';
import { pedido } from '#server/db/schema/ordenes';
import { proveedorProducto } from '#server/db/schema/proveedor';
import { DIRECCION_BODY } from '#server/test/bodies';
import { actualizar, createFlujo } from '#server/test/cotizacion';
import { createListaDePrueba } from '#server/test/listas';
import { createOfertaDePrueba, createProductoDePrueba } from '#server/test/ofertas';
import { envejecerCotizacion, proveedoresComparadosDe } from '#server/test/panel';
import { prepararProveedor } from '#server/test/proveedores';
import { createOrden, LEJOS } from '#server/test/pedidos';
import type { RoleName } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';

/** GET /api/proveedor/panel/: what a supplier has to do today and where its prices lose (docs/decisions/025). */
const ctx = setupTestApp({ roleTokens: true });
const db = () => ctx.t.database.db;
const hoy = () => hoyEnChile();

const panelDe = async (token: string | undefined) => {
  const res = await ctx.t.request({ method: 'GET', url: '/api/proveedor/panel/', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Panel;
};

/** A supplier of its own, with company data and terms (the builder's default): its offers are compared (docs/decisions/024). */
const proveedorCompleto = (): Promise<TestUser> => createUser(ctx.t, 'proveedor');

/** A new approved product (or in `estado`) with one offer of `proveedorId` per entry. */
async function productoCon(
  proveedorId: number,
  ofertas: Array<{ tarifa?: number; lotes: Array<[number, string]>; archivada?: boolean }>,
  estado?: 'pendiente',
) {
  const p = await createProductoDePrueba(db(), estado ? { estado } : {});
  const ids: number[] = [];
  for (const o of ofertas) {
    ids.push(
      await createOfertaDePrueba(db(), {
        productoId: p.id,
        categoriaId: p.categoria_id,
        proveedorId,
        tarifa: o.tarifa ?? 1000,
        lotes: o.lotes,
        archivada: o.archivada,
      }),
    );
  }
  const [{ nombre }] = (await db().select({ nombre: producto.nombre }).from(producto).where(eq(producto.id, p.id))) as [{ nombre: string }];
  return { productoId: p.id, categoriaId: p.categoria_id, nombre, ofertas: ids };
}

/** One more offer of a product made by productoCon. */
const ofertaDe = (x: { productoId: number; categoriaId: number }, proveedorId: number, tarifa: number, lotes: Array<[number, string]>) =>
  createOfertaDePrueba(db(), { productoId: x.productoId, categoriaId: x.categoriaId, proveedorId, tarifa, lotes });

describe('who may open the panel', () => {
  it.each<[RoleName, number]>([
    ['anonimo', 401],
    ['comprador', 403],
    ['moderador', 403],
    ['proveedor', 200],
    ['otroProveedor', 200],
  ])('%s gets %i', async (role, status) => {
    const res = await ctx.t.request({ method: 'GET', url: '/api/proveedor/panel/', token: ctx.tokens[role] });
    expect(res.statusCode, res.body).toBe(status);
  });

  it('each supplier reads only its own figures', async () => {
    const ana = await proveedorCompleto();
    const otro = await proveedorCompleto();
    await productoCon(ana.id, [{ lotes: [[10, sumarDias(hoy(), 2)]] }]);
    expect((await panelDe(ana.access)).lotes_por_vencer).toHaveLength(1);
    expect((await panelDe(otro.access)).lotes_por_vencer).toEqual([]);
  });
});

describe('onboarding', () => {
  it('a new supplier has no step done; each step is done by its own row, and it is visible with company and terms', async () => {
    const p = await createUser(ctx.t, 'proveedor', undefined, { listo: false });
    expect((await panelDe(p.access)).onboarding).toEqual({ empresa: false, condiciones: false, productos: false, visible: false });
    await prepararProveedor(db(), p.id, { condiciones: false });
    expect((await panelDe(p.access)).onboarding).toEqual({ empresa: true, condiciones: false, productos: false, visible: false });
    // An archived offer is no product; one waiting for moderation is.
    await productoCon(p.id, [{ lotes: [], archivada: true }]);
    expect((await panelDe(p.access)).onboarding.productos).toBe(false);
    await productoCon(p.id, [{ lotes: [] }], 'pendiente');
    await prepararProveedor(db(), p.id);
    expect((await panelDe(p.access)).onboarding).toEqual({ empresa: true, condiciones: true, productos: true, visible: true });
  });
});

describe('stock', () => {
  it('lots with stock expiring from today to a week ahead, soonest first; not one in 9 days, an empty one or an archived offer’s', async () => {
    const p = await proveedorCompleto();
    const a = await productoCon(p.id, [
      {
        lotes: [
          [12.5, sumarDias(hoy(), 3)],
          [40, sumarDias(hoy(), 9)],
          [0, sumarDias(hoy(), 1)],
        ],
      },
    ]);
    const b = await productoCon(p.id, [
      {
        lotes: [
          [5, hoy()],
          [8, sumarDias(hoy(), 7)],
          [3, sumarDias(hoy(), -1)],
        ],
      },
    ]);
    await productoCon(p.id, [{ lotes: [[7, sumarDias(hoy(), 2)]], archivada: true }]);
    const { lotes_por_vencer } = await panelDe(p.access);
    expect(lotes_por_vencer.map((l) => [l.proveedor_producto_id, l.producto, l.cantidad, l.fecha_expiracion])).toEqual([
      [b.ofertas[0], b.nombre, 5, hoy()],
      [a.ofertas[0], a.nombre, 12.5, sumarDias(hoy(), 3)],
      [b.ofertas[0], b.nombre, 8, sumarDias(hoy(), 7)],
    ]);
    expect(lotes_por_vencer[0]).toMatchObject({ lote_id: expect.any(Number), unidad: 'KILO' });
  });

  it('live offers of approved products with no stock in any lot', async () => {
    const p = await proveedorCompleto();
    const vacia = await productoCon(p.id, [{ lotes: [[0, LEJOS]] }]);
    const sinLotes = await productoCon(p.id, [{ lotes: [] }]);
    await productoCon(p.id, [{ lotes: [[1, LEJOS]] }]);
    await productoCon(p.id, [{ lotes: [] }], 'pendiente');
    await productoCon(p.id, [{ lotes: [], archivada: true }]);
    const { sin_stock } = await panelDe(p.access);
    expect(sin_stock.map((o) => [o.proveedor_producto_id, o.producto])).toEqual([
      [vacia.ofertas[0], vacia.nombre],
      [sinLotes.ofertas[0], sinLotes.nombre],
    ]);
    expect(sin_stock[0]!.sku).toMatch(/^T/);
  });
});

describe('pedidos and sales', () => {
  let p: TestUser;
  let panel: Panel;
  let ordenes: Array<Awaited<ReturnType<typeof createOrden>>>;

  beforeAll(async () => {
    p = await proveedorCompleto();
    const orden = (tarifa: number, cantidad: number) =>
      createOrden(ctx.t, [{ proveedorId: p.id, tarifa, lotes: [[1000, LEJOS]], cantidad }], ctx.tokens.comprador);
    // 0 pendiente · 1 confirmado today · 2 confirmado tomorrow · 3 despachado today · 4 rechazado · 5 entregado 40 days ago · 6 anulado
    ordenes = [];
    for (const [tarifa, cantidad] of [
      [1000, 100],
      [2000, 150],
      [4000, 100],
      [1250, 200],
      [9000, 100],
      [7000, 100],
      [8000, 100],
    ] as const)
      ordenes.push(await orden(tarifa, cantidad));
    const pedidoDe = (i: number) => ordenes[i]!.pedidos[0]!.id;
    const poner = (i: number, valores: Partial<typeof pedido.$inferInsert>) =>
      db()
        .update(pedido)
        .set(valores)
        .where(eq(pedido.id, pedidoDe(i)));
    await poner(0, { fecha_entrega: hoy() });
    await poner(1, { estado: 'confirmado', fecha_entrega: hoy() });
    await poner(2, { estado: 'confirmado', fecha_entrega: sumarDias(hoy(), 1) });
    await poner(3, { estado: 'despachado', fecha_entrega: hoy() });
    await poner(4, { estado: 'rechazado', fecha_entrega: hoy() });
    await poner(5, { estado: 'entregado', creado_en: new Date(Date.now() - 40 * 86_400_000) });
    await poner(6, { estado: 'anulado' });
    panel = await panelDe(p.access);
  });

  it('pedidos waiting for an answer, as the menu counts them', async () => {
    expect(panel.pedidos_pendientes).toBe(1);
    const menu = await ctx.t.request({ method: 'GET', url: '/api/pedidos/?estado=pendiente', token: p.access });
    expect(menu.json().count).toBe(1);
  });

  it('to dispatch today: confirmed, not yet dispatched, delivered today in Chile', () => {
    expect(panel.por_despachar_hoy).toBe(1);
  });

  it('sales of the last 30 days by product, largest amount first: not a rejected or annulled pedido, not one of 40 days ago', () => {
    expect(panel.ventas_30_dias.map((v) => [v.producto_id, v.cantidad, v.monto])).toEqual([
      [ordenes[2]!.productos[0], 100, 400_000],
      [ordenes[1]!.productos[0], 150, 300_000],
      [ordenes[3]!.productos[0], 200, 250_000],
      [ordenes[0]!.productos[0], 100, 100_000],
    ]);
    expect(panel.ventas_30_dias[0]).toMatchObject({ producto: expect.stringMatching(/^Producto de prueba/), unidad: 'KILO' });
  });
});

describe('quotations lost on price', () => {
  let ana: TestUser;
  let bruno: TestUser;
  let comprador: TestUser;

  beforeAll(async () => {
    [ana, bruno, comprador] = await Promise.all([proveedorCompleto(), proveedorCompleto(), createUser(ctx.t, 'comprador')]);
  });

  /** Bruno's price for the next comparison (a write to its offer: the comparison cache hears it). */
  const precioDeBruno = async (ofertaId: number, tarifa: number) => {
    await db().update(proveedorProducto).set({ tarifa }).where(eq(proveedorProducto.id, ofertaId));
    await ctx.t.settle();
  };

  it('each comparison records each line with every supplier it weighed there, at its cheapest price for the quantity asked', async () => {
    const x = await productoCon(ana.id, [
      { tarifa: 5500, lotes: [[1000, LEJOS]] },
      { tarifa: 5300, lotes: [[1000, LEJOS]] },
    ]);
    await ofertaDe(x, bruno.id, 5000, [[1000, LEJOS]]);
    // An offer without stock is not in the running.
    const carla = await proveedorCompleto();
    await ofertaDe(x, carla.id, 100, [[0, LEJOS]]);
    await ctx.t.settle();
    const f = await createFlujo(ctx.t, [[x.productoId, 100]], comprador.access);
    expect(await proveedoresComparadosDe(db(), f.cotizacionId, x.productoId)).toEqual([
      [bruno.id, 5000],
      [ana.id, 5300],
    ]);
  });

  it('dearer than another in 3 comparisons and chosen in 1 (a later choice of the buyer): lost 2 of 3, with the median difference', async () => {
    const x = await productoCon(ana.id, [{ tarifa: 5500, lotes: [[10_000, LEJOS]] }]);
    const otra = await ofertaDe(x, bruno.id, 5000, [[10_000, LEJOS]]);
    await ctx.t.settle();
    const flujos = [];
    for (const tarifa of [5000, 5200, 4400]) {
      await precioDeBruno(otra, tarifa);
      flujos.push(await createFlujo(ctx.t, [[x.productoId, 100]], comprador.access));
    }
    // The solver chose Bruno every time; the buyer then took Ana's offer in the third.
    const elegida = await actualizar(ctx.t, flujos[2]!, [[x.ofertas[0]!, 100]], comprador.access);
    expect(elegida.statusCode, elegida.body).toBe(200);
    // A comparison of 31 days ago is not counted.
    const vieja = await createFlujo(ctx.t, [[x.productoId, 100]], comprador.access);
    await envejecerCotizacion(db(), vieja.cotizacionId, 31);

    const perdidas = (await panelDe(ana.access)).perdidas_por_precio.filter((p) => p.producto_id === x.productoId);
    // Lost at 10 % (5500 against 5000) and 5.77 % (against 5200): the median of the two, 7.88 %.
    expect(perdidas).toEqual([{ producto_id: x.productoId, producto: x.nombre, veces: 2, de: 3, diferencia_mediana_pct: 7.9 }]);
    // Bruno lost only the third, at 4400 against 5500: 20 % cheaper.
    const deBruno = (await panelDe(bruno.access)).perdidas_por_precio.filter((p) => p.producto_id === x.productoId);
    expect(deBruno).toEqual([{ producto_id: x.productoId, producto: x.nombre, veces: 1, de: 3, diferencia_mediana_pct: -20 }]);
  });

  it('a line split among suppliers is compared with their quantity-weighted price; products never lost are left out, most lost first', async () => {
    const x = await productoCon(ana.id, [{ tarifa: 6000, lotes: [[10_000, LEJOS]] }]);
    // Bruno holds 100 of 300 at 5000; the rest comes from Carla at 5500: chosen price (100·5000 + 200·5500)/300 = 5333.3.
    const carla = await proveedorCompleto();
    await ofertaDe(x, bruno.id, 5000, [[100, LEJOS]]);
    await ofertaDe(x, carla.id, 5500, [[200, LEJOS]]);
    const ganado = await productoCon(ana.id, [{ tarifa: 100, lotes: [[10_000, LEJOS]] }]);
    await ctx.t.settle();
    await createFlujo(
      ctx.t,
      [
        [x.productoId, 300],
        [ganado.productoId, 100],
      ],
      comprador.access,
    );
    const { perdidas_por_precio } = await panelDe(ana.access);
    expect(perdidas_por_precio.find((p) => p.producto_id === x.productoId)).toEqual({
      producto_id: x.productoId,
      producto: x.nombre,
      veces: 1,
      de: 1,
      // (6000 − 5333.3) / 5333.3 = 12.5 %
      diferencia_mediana_pct: 12.5,
    });
    expect(perdidas_por_precio.some((p) => p.producto_id === ganado.productoId)).toBe(false);
    expect(perdidas_por_precio.map((p) => p.veces)).toEqual([...perdidas_por_precio.map((p) => p.veces)].sort((a, b) => b - a));
  });

  it('a choice moved to another supplier is lost, moved back is not; a line the buyer drops is lost to nobody', async () => {
    const x = await productoCon(ana.id, [{ tarifa: 5000, lotes: [[10_000, LEJOS]] }]);
    const deBruno = await ofertaDe(x, bruno.id, 5500, [[10_000, LEJOS]]);
    const y = await productoCon(bruno.id, [{ tarifa: 4000, lotes: [[10_000, LEJOS]] }]);
    await ofertaDe(y, ana.id, 4400, [[10_000, LEJOS]]);
    await ctx.t.settle();
    const f = await createFlujo(
      ctx.t,
      [
        [x.productoId, 100],
        [y.productoId, 100],
      ],
      comprador.access,
    );
    const perdidasDe = async (u: TestUser) =>
      (await panelDe(u.access)).perdidas_por_precio.filter((p) => p.producto_id === x.productoId || p.producto_id === y.productoId);
    // The solver chose Ana for x and Bruno for y: each lost the other's.
    expect(await perdidasDe(ana)).toEqual([{ producto_id: y.productoId, producto: y.nombre, veces: 1, de: 1, diferencia_mediana_pct: 10 }]);

    // The buyer takes Bruno's x and drops y: Ana lost x at 5000 against 5500, and y is nobody's loss.
    const aBruno = await actualizar(ctx.t, f, [[deBruno, 100]], comprador.access);
    expect(aBruno.statusCode, aBruno.body).toBe(200);
    expect(await perdidasDe(ana)).toEqual([{ producto_id: x.productoId, producto: x.nombre, veces: 1, de: 1, diferencia_mediana_pct: -9.1 }]);
    expect(await perdidasDe(bruno)).toEqual([]);

    // Back to Ana's x and Bruno's y: as the solver left it.
    const deVuelta = await actualizar(
      ctx.t,
      f,
      [
        [x.ofertas[0]!, 100],
        [y.ofertas[0]!, 100],
      ],
      comprador.access,
    );
    expect(deVuelta.statusCode, deVuelta.body).toBe(200);
    expect(await perdidasDe(ana)).toEqual([{ producto_id: y.productoId, producto: y.nombre, veces: 1, de: 1, diferencia_mediana_pct: 10 }]);
    expect(await perdidasDe(bruno)).toEqual([{ producto_id: x.productoId, producto: x.nombre, veces: 1, de: 1, diferencia_mediana_pct: 10 }]);
  });

  it('a list quoted records the suppliers it weighed', async () => {
    const x = await productoCon(ana.id, [{ tarifa: 5500, lotes: [[1000, LEJOS]] }]);
    await ofertaDe(x, bruno.id, 5000, [[1000, LEJOS]]);
    await ctx.t.settle();
    const dir = await ctx.t.request({ method: 'POST', url: '/api/cotizaciones/direccion/agregar/', token: comprador.access, payload: DIRECCION_BODY });
    expect(dir.statusCode, dir.body).toBe(201);
    const lista = await createListaDePrueba(db(), comprador.id, [[x.productoId, 100]]);
    const res = await ctx.t.request({ method: 'POST', url: `/api/listas/${lista.id}/cotizar/`, token: comprador.access, payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    expect(await proveedoresComparadosDe(db(), res.json().cotizacion_id, x.productoId)).toEqual([
      [bruno.id, 5000],
      [ana.id, 5500],
    ]);
  });

  it('a rejected comparison writes no row', async () => {
    const antes = await db().select({ n: sql<number>`count(*)::int` }).from(lineaComparada);
    const res = await ctx.t.request({
      method: 'POST',
      url: '/api/cotizaciones/comparar-precios/',
      token: comprador.access,
      payload: { solicitudId: 999_999, productos: [{ producto: 1, cantidad: 100 }] },
    });
    expect(res.statusCode).toBe(404);
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(lineaComparada)).toEqual(antes);
  });
});
