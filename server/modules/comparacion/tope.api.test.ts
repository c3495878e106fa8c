import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONDICIONES_POR_DEFECTO } from '#common/despacho';
import { type CompararPrecios, compararPreciosSchemaOut, TOPE_INVALIDO } from '#common/schemas/comparacion';
import { cotizacion, opcion } from '#server/db/schema/cotizaciones';
import { conClave, ENTREGA } from '#server/test/cotizacion';
import { createOfertaDePrueba, createProductoDePrueba } from '#server/test/ofertas';
import type { RoleName } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';

/**
 * 'Menos proveedores' (docs/decisions/014): a buyer caps the suppliers of a comparison and gets the
 * cheapest delivered basket with at most that many, with what the cap costs. A market of three
 * suppliers A, B, C with a $5.000 fee each and three products of 100 kg, each cheapest at a
 * different supplier (per kg, so ×100 per line):
 *
 *        P1     P2     P3
 *   A  1.000  1.100  1.250
 *   B  1.150  1.000  1.150
 *   C  1.200  1.200  1.000
 *
 * Without a cap: each line at its cheapest, 3 × $100.000 + 3 fees = $315.000, 3 suppliers.
 * At most 2: {A, C} = 100 + 110 + 100 (thousands) + 2 fees = $320.000 ({A, B} and {B, C} $325.000).
 * At most 1: B alone = 115 + 100 + 115 + 1 fee = $335.000 (A $340.000, C $345.000).
 */
const ctx = setupTestApp({ roleTokens: true });
const API = '/api/cotizaciones';
const PROVIDENCIA = 13123;
const LEJOS = '2099-06-01';
const FEE = 5000;

let a: TestUser;
let b: TestUser;
let c: TestUser;
/** The three products, and per product the offer of A, B and C. */
let productos: number[];
let ofertas: number[][];
const filas = () => productos.map((producto) => ({ producto, cantidad: 100 }));

beforeAll(async () => {
  const { db } = ctx.t.database;
  const proveedor = async () => {
    const p = await createUser(ctx.t, 'proveedor');
    const res = await ctx.t.request({
      method: 'PUT',
      url: '/api/proveedor/condiciones/',
      token: p.access,
      payload: { ...CONDICIONES_POR_DEFECTO, comunas: [PROVIDENCIA], costo_despacho: FEE },
    });
    expect(res.statusCode, res.body).toBe(200);
    return p;
  };
  a = await proveedor();
  b = await proveedor();
  c = await proveedor();
  const precios = [
    [1000, 1150, 1200],
    [1100, 1000, 1200],
    [1250, 1150, 1000],
  ];
  productos = [];
  ofertas = [];
  for (const fila of precios) {
    const p = await createProductoDePrueba(db);
    productos.push(p.id);
    const ids: number[] = [];
    for (const [k, proveedorId] of [a.id, b.id, c.id].entries()) {
      ids.push(await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId, tarifa: fila[k]!, lotes: [[500, LEJOS]] }));
    }
    ofertas.push(ids);
  }
});

const call = (url: string, payload: object, token?: string, clave?: string | null) =>
  ctx.t.request({ method: 'POST', url: `${API}/${url}`, payload, token, headers: conClave(clave) });

/** A request of the three products by `token` (anonymous when undefined), with its delivery record. */
async function solicitud(token?: string) {
  const s = await call('crear-solicitud/', { productos: filas() }, token);
  expect(s.statusCode, s.body).toBe(201);
  const clave = s.json().clave as string | null;
  const e = await call('crear-cotizante/', { ...ENTREGA, solicitud_id: s.json().id }, token, clave);
  expect(e.statusCode, e.body).toBe(201);
  return { id: s.json().id as number, clave };
}

const comparar = (s: { id: number; clave: string | null }, extra: object, token?: string) =>
  call('comparar-precios/', { productos: filas(), solicitudId: s.id, ...extra }, token, s.clave);

async function compararConTope(maxProveedores: number | null | undefined, token = ctx.tokens.comprador): Promise<CompararPrecios> {
  const res = await comparar(await solicitud(token), maxProveedores === undefined ? {} : { max_proveedores: maxProveedores }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Per product, the offers selected (and their quantities). */
const elegidas = (r: CompararPrecios) => r.resultados.map((x) => x.opciones_seleccionadas.map((o) => [o.proveedor_producto_id, o.cantidad_proveida]));

describe('POST comparar-precios/ with max_proveedores', () => {
  it('without a cap (absent or null) answers the cheapest basket with tope null', async () => {
    for (const tope of [undefined, null]) {
      const r = await compararConTope(tope);
      expect(elegidas(r)).toEqual([[[ofertas[0]![0], 100]], [[ofertas[1]![1], 100]], [[ofertas[2]![2], 100]]]);
      expect(r).toMatchObject({ total: 315_000, total_despacho: 3 * FEE, optimo: true, tope: null });
      expect(compararPreciosSchemaOut.parse(r)).toEqual(r);
    }
  });

  it('at most 2 suppliers: the exact cheapest basket with 2, what it costs more, and that selection is the one stored and summed up', async () => {
    const { db } = ctx.t.database;
    const r = await compararConTope(2);
    expect(elegidas(r)).toEqual([[[ofertas[0]![0], 100]], [[ofertas[1]![0], 100]], [[ofertas[2]![2], 100]]]);
    expect(r).toMatchObject({ total_productos: 310_000, total_despacho: 2 * FEE, total: 320_000, optimo: true, diferencia_maxima: 0 });
    expect(r.proveedores.map((p) => p.proveedor_id).sort()).toEqual([a.id, c.id].sort());
    expect(r.tope).toEqual({
      max_proveedores: 2,
      proveedores: 2,
      proveedores_sin_tope: 3,
      total_sin_tope: 315_000,
      diferencia: 5000,
      mensaje: '+$5.000 por recibir 2 camiones en vez de 3',
    });
    expect(compararPreciosSchemaOut.parse(r)).toEqual(r);

    // The stored selection is the capped one: the summary (and so the order) buys it.
    const guardadas = await db.select().from(opcion).where(eq(opcion.cotizacion_id, r.cotizacion_id));
    expect(guardadas.map((o) => o.proveedor_producto_id).sort()).toEqual([ofertas[0]![0], ofertas[1]![0], ofertas[2]![2]].sort());
    const resumen = await ctx.t.request({ method: 'GET', url: `/api/facturacion/${r.cotizacion_id}/resumen/`, token: ctx.tokens.comprador });
    expect(resumen.statusCode, resumen.body).toBe(200);
    expect(resumen.json().total).toBe(320_000);
  });

  it('at most 1 supplier: one truck, in the singular', async () => {
    const r = await compararConTope(1);
    expect(elegidas(r)).toEqual([[[ofertas[0]![1], 100]], [[ofertas[1]![1], 100]], [[ofertas[2]![1], 100]]]);
    expect(r).toMatchObject({ total: 335_000, optimo: true });
    expect(r.tope).toMatchObject({ proveedores: 1, proveedores_sin_tope: 3, diferencia: 20_000, mensaje: '+$20.000 por recibir 1 camión en vez de 3' });
  });

  it('a cap the cheapest basket already keeps changes nothing: tope with mensaje null', async () => {
    for (const tope of [3, 10]) {
      const r = await compararConTope(tope);
      expect(elegidas(r)).toEqual([[[ofertas[0]![0], 100]], [[ofertas[1]![1], 100]], [[ofertas[2]![2], 100]]]);
      expect(r.total).toBe(315_000);
      expect(r.tope).toEqual({ max_proveedores: tope, proveedores: 3, proveedores_sin_tope: 3, total_sin_tope: 315_000, diferencia: 0, mensaje: null });
    }
  });

  it('a cap that leaves a product without a supplier covers less first, and says so in a second sentence', async () => {
    const { db } = ctx.t.database;
    // Q1 only from A ($100.000), Q2 only from C ($110.000): with one truck, the cheaper half.
    const solo = async (proveedorId: number, tarifa: number) => {
      const p = await createProductoDePrueba(db);
      await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId, tarifa, lotes: [[500, LEJOS]] });
      return p.id;
    };
    const q = [await solo(a.id, 1000), await solo(c.id, 1100)];
    const pedido = q.map((producto) => ({ producto, cantidad: 100 }));
    const s = await call('crear-solicitud/', { productos: pedido }, ctx.tokens.comprador);
    expect((await call('crear-cotizante/', { ...ENTREGA, solicitud_id: s.json().id }, ctx.tokens.comprador)).statusCode).toBe(201);
    const res = await call('comparar-precios/', { productos: pedido, solicitudId: s.json().id, max_proveedores: 1 }, ctx.tokens.comprador);
    expect(res.statusCode, res.body).toBe(201);
    const r: CompararPrecios = res.json();
    expect(r.total).toBe(105_000);
    expect(r.resultados[1]!.mensaje).toBe('Stock insuficiente: faltan 100 kg');
    expect(r.tope).toEqual({
      max_proveedores: 1,
      proveedores: 1,
      proveedores_sin_tope: 2,
      total_sin_tope: 220_000,
      diferencia: -115_000,
      mensaje: '−$115.000 por recibir 1 camión en vez de 2. Con 1 proveedor no alcanza para todo lo que pediste: revisa los productos con faltante.',
    });
  });

  it('refuses a cap that is not a whole number from 1 to 10 with a clear message, and writes nothing', async () => {
    const { db } = ctx.t.database;
    const s = await solicitud(ctx.tokens.comprador);
    const antes = (await db.select({ n: count() }).from(cotizacion))[0]!.n;
    for (const malo of [0, 11, 2.5, -1, 'x', '2', true, {}]) {
      const res = await comparar(s, { max_proveedores: malo }, ctx.tokens.comprador);
      expect(res.statusCode, `${JSON.stringify(malo)}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ max_proveedores: [TOPE_INVALIDO] });
    }
    expect(TOPE_INVALIDO).toBe('El máximo de proveedores debe ser un número entero entre 1 y 10.');
    expect((await db.select({ n: count() }).from(cotizacion))[0]!.n).toBe(antes);
  });
});

describe('who may compare with a cap (ownership as docs/decisions/005)', () => {
  const mensaje = '+$5.000 por recibir 2 camiones en vez de 3';

  it('anonymous: with its clave it gets the capped basket; without it, a 404 and nothing written', async () => {
    const { db } = ctx.t.database;
    const s = await solicitud(undefined);
    const res = await comparar(s, { max_proveedores: 2 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().tope.mensaje).toBe(mensaje);
    const antes = (await db.select({ n: count() }).from(cotizacion).where(eq(cotizacion.solicitud_id, s.id)))[0]!.n;
    expect((await comparar({ id: s.id, clave: null }, { max_proveedores: 2 })).statusCode).toBe(404);
    expect((await db.select({ n: count() }).from(cotizacion).where(eq(cotizacion.solicitud_id, s.id)))[0]!.n).toBe(antes);
  });

  it.each(['comprador', 'proveedor', 'otroProveedor', 'moderador'] as const)('%s compares its own request with a cap', async (rol) => {
    const r = await compararConTope(2, ctx.tokens[rol]);
    expect(r.total).toBe(320_000);
    expect(r.tope?.mensaje).toBe(mensaje);
  });

  it('a supplier of the basket compares its own request with a cap like any buyer', async () => {
    const r = await compararConTope(2, a.access);
    expect(r.tope?.mensaje).toBe(mensaje);
  });

  it.each(['anonimo', 'proveedor', 'otroProveedor', 'moderador'] as RoleName[])(
    "a buyer's request with a cap is a 404 to %s, and nothing is written",
    async (rol) => {
      const { db } = ctx.t.database;
      const s = await solicitud(ctx.tokens.comprador);
      const antes = (await db.select({ n: count() }).from(cotizacion).where(eq(cotizacion.solicitud_id, s.id)))[0]!.n;
      const res = await comparar(s, { max_proveedores: 2 }, ctx.tokens[rol]);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Solicitud no encontrada.' });
      expect((await db.select({ n: count() }).from(cotizacion).where(eq(cotizacion.solicitud_id, s.id)))[0]!.n).toBe(antes);
    },
  );
});
