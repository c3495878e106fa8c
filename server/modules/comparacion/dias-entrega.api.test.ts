import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONDICIONES_ABIERTAS, CONDICIONES_POR_DEFECTO, type CondicionesDespacho } from '#common/despacho';
import { COMUNA_INVALIDA, type DiasEntrega } from '#common/schemas/dias-entrega';
import { SOLICITUD_NO_ENCONTRADA } from '#server/modules/cotizaciones/cotizaciones.service';
import { producto as productoTabla } from '#server/db/schema/catalogo';
import { conClave } from '#server/test/cotizacion';
import { createOfertaDePrueba, createProductoDePrueba } from '#server/test/ofertas';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';

/**
 * GET dias-entrega: for the request a buyer fills in, how many of the suppliers of its products
 * deliver to a comuna on each of the next 14 days, by the comparison's own rule (motor/elegibles.ts),
 * and the day proposed. Fresh products and suppliers: only the offers a test makes count.
 */
const ctx = setupTestApp({ roleTokens: true });
const LEJOS = '2099-06-01';
const PROVIDENCIA = 13123;
const NUNOA = 13120;
/** A comuna none of the test suppliers delivers to. */
const SANTIAGO = 13101;

afterEach(() => {
  vi.useRealTimers();
});

const url = (solicitudId: number | string, comuna: number | string) => `/api/cotizaciones/solicitud/${solicitudId}/dias-entrega/?comuna=${comuna}`;

async function proveedorCon(terminos: Partial<CondicionesDespacho>): Promise<TestUser> {
  const p = await createUser(ctx.t, 'proveedor');
  const res = await ctx.t.request({
    method: 'PUT',
    url: '/api/proveedor/condiciones/',
    token: p.access,
    payload: { ...CONDICIONES_ABIERTAS, comunas: [PROVIDENCIA, NUNOA], ...terminos },
  });
  expect(res.statusCode, res.body).toBe(200);
  return p;
}

/** A new product with one offer per [supplier, lot's expiry]. */
async function producto(ofertas: Array<[TestUser, string]>): Promise<number> {
  const { db } = ctx.t.database;
  const p = await createProductoDePrueba(db);
  for (const [proveedor, vence] of ofertas) {
    await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId: proveedor.id, tarifa: 100, lotes: [[500, vence]] });
  }
  return p.id;
}

const categoriaDe = async (id: number) =>
  (await ctx.t.database.db.select({ c: productoTabla.categoria_id }).from(productoTabla).where(eq(productoTabla.id, id)))[0]?.c;

/** A request for these products, made by `token` (anonymous when undefined): its id and clave. */
async function solicitud(productos: number[], token?: string): Promise<{ id: number; clave: string | null }> {
  const res = await ctx.t.request({
    method: 'POST',
    url: '/api/cotizaciones/crear-solicitud/',
    token,
    payload: { productos: productos.map((producto) => ({ producto, cantidad: 100 })) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id, clave: res.json().clave };
}

async function dias(s: { id: number; clave: string | null }, comuna: number): Promise<DiasEntrega> {
  const res = await ctx.t.request({ method: 'GET', url: url(s.id, comuna), headers: conClave(s.clave) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The answer's days as { 'MM-DD': proveedores }, to read at a glance. */
const porDia = (r: DiasEntrega) => Object.fromEntries(r.dias.map((d) => [d.fecha.slice(5), d.proveedores]));

/** Tuesday 1 December 2026, 09:00 in Chile (summer time, UTC−3). */
const MARTES_9 = new Date('2026-12-01T12:00:00Z');
const fijarReloj = (instante: Date) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instante);
};

describe('the days and how many suppliers deliver on each', () => {
  it('counts by comuna, weekday and lots that outlive the day, and proposes the first day all can, else the first with the most', async () => {
    const todos = await proveedorCon({});
    const lunes = await proveedorCon({ ...CONDICIONES_POR_DEFECTO, dias_despacho: [1] });
    const soloNunoa = await proveedorCon({ comunas: [NUNOA] });
    const corto = await proveedorCon({});
    const s = await solicitud([
      await producto([
        [todos, LEJOS],
        [soloNunoa, LEJOS],
      ]),
      // The short lot expires on Thursday 10 December: it serves up to the 9th.
      await producto([
        [lunes, LEJOS],
        [corto, '2026-12-10'],
      ]),
    ]);
    fijarReloj(MARTES_9);

    const providencia = await dias(s, PROVIDENCIA);
    expect(providencia.total_proveedores).toBe(4);
    expect(porDia(providencia)).toEqual({
      '12-01': 2,
      '12-02': 2,
      '12-03': 2,
      '12-04': 2,
      '12-05': 2,
      '12-06': 2,
      '12-07': 3,
      '12-08': 2,
      '12-09': 2,
      '12-10': 1,
      '12-11': 1,
      '12-12': 1,
      '12-13': 1,
      '12-14': 2,
    });
    // No day has all four (one supplier never delivers to Providencia): the first day with the most.
    expect(providencia.propuesta).toBe('2026-12-07');

    const nunoa = await dias(s, NUNOA);
    expect(nunoa.total_proveedores).toBe(4);
    expect(porDia(nunoa)['12-01']).toBe(3);
    expect(porDia(nunoa)['12-07']).toBe(4);
    expect(nunoa.propuesta).toBe('2026-12-07');

    const nadie = await dias(s, SANTIAGO);
    expect(nadie.total_proveedores).toBe(4);
    expect(nadie.dias.every((d) => d.proveedores === 0)).toBe(true);
    expect(nadie.propuesta).toBeNull();
  });

  it('holds the cut-off against now: an order for tomorrow with one day of anticipation until 10:00 today, Chile time', async () => {
    const corte = await proveedorCon({ anticipacion_dias: 1, hora_corte: '10:00' });
    const s = await solicitud([await producto([[corte, LEJOS]])]);
    fijarReloj(new Date('2026-12-01T12:59:00Z'));
    const antes = await dias(s, PROVIDENCIA);
    expect(porDia(antes)).toMatchObject({ '12-01': 0, '12-02': 1, '12-03': 1 });
    expect(antes.propuesta).toBe('2026-12-02');

    fijarReloj(new Date('2026-12-01T13:01:00Z'));
    const despues = await dias(s, PROVIDENCIA);
    expect(porDia(despues)).toMatchObject({ '12-01': 0, '12-02': 0, '12-03': 1 });
    expect(despues.propuesta).toBe('2026-12-03');
  });

  it('never offers today from noon on, as the delivery record refuses it', async () => {
    const mismoDia = await proveedorCon({});
    const s = await solicitud([await producto([[mismoDia, LEJOS]])]);
    fijarReloj(new Date('2026-12-01T14:59:00Z'));
    expect((await dias(s, PROVIDENCIA)).propuesta).toBe('2026-12-01');
    fijarReloj(new Date('2026-12-01T15:00:00Z'));
    const tarde = await dias(s, PROVIDENCIA);
    expect(porDia(tarde)).toMatchObject({ '12-01': 0, '12-02': 1 });
    expect(tarde.propuesta).toBe('2026-12-02');
  });

  it('covers 14 days from today in Chile, and leaves out suppliers not set up, lots already expired and archived products', async () => {
    const { db } = ctx.t.database;
    const vigente = await proveedorCon({});
    const vencido = await proveedorCon({});
    const sinTerminos = await createUser(ctx.t, 'proveedor', undefined, { listo: false });
    const archivado = await proveedorCon({});
    // At 02:00 UTC on the 1st it is still the 30th of November in Chile: a lot expiring that day serves no day.
    const p = await producto([
      [vigente, LEJOS],
      [vencido, '2026-11-30'],
    ]);
    await createOfertaDePrueba(db, {
      productoId: p,
      categoriaId: (await categoriaDe(p))!,
      proveedorId: sinTerminos.id,
      tarifa: 100,
      lotes: [[500, LEJOS]],
      preparar: false,
    });
    const q = await producto([[archivado, LEJOS]]);
    const s = await solicitud([p, q]);
    await db.update(productoTabla).set({ archivado_en: sql`now()` }).where(eq(productoTabla.id, q));
    fijarReloj(new Date('2026-12-01T02:00:00Z'));
    const r = await dias(s, PROVIDENCIA);
    expect(r.dias.map((d) => d.fecha)).toEqual(Array.from({ length: 14 }, (_, i) => `2026-${i === 0 ? '11-30' : `12-${String(i).padStart(2, '0')}`}`));
    expect(r.total_proveedores).toBe(1);
    // 23:00 in Chile: today is past noon, no longer offered.
    expect(r.dias.map((d) => d.proveedores)).toEqual([0, ...Array(13).fill(1)]);
  });

  it('answers a request without products, or whose products no one sells, with no supplier and no proposal', async () => {
    const nadie = await createProductoDePrueba(ctx.t.database.db);
    const s = await solicitud([nadie.id]);
    const r = await dias(s, PROVIDENCIA);
    expect(r).toMatchObject({ total_proveedores: 0, propuesta: null });
    expect(r.dias).toHaveLength(14);
  });
});

describe('who may ask', () => {
  let productoId: number;
  let otroComprador: TestUser;
  beforeAll(async () => {
    productoId = await producto([[await proveedorCon({}), LEJOS]]);
    otroComprador = await createUser(ctx.t, 'comprador');
  });
  const get = (id: number, token?: string, clave?: string | null) =>
    ctx.t.request({ method: 'GET', url: url(id, PROVIDENCIA), token, headers: conClave(clave) });

  it("an anonymous buyer with its clave; without it, or with another request's, 404 as for a request that does not exist", async () => {
    const s = await solicitud([productoId]);
    const otra = await solicitud([productoId]);
    const res = await get(s.id, undefined, s.clave);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total_proveedores).toBe(1);
    for (const r of [await get(s.id), await get(s.id, undefined, otra.clave), await get(2_000_000_000, undefined, s.clave)]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ detail: SOLICITUD_NO_ENCONTRADA });
    }
  });

  it.each(['comprador', 'proveedor', 'moderador'] as const)("%s sees its own request, nobody else's", async (rol) => {
    const token = ctx.tokens[rol]!;
    const propia = await solicitud([productoId], token);
    expect((await get(propia.id, token)).statusCode).toBe(200);
    const ajena = await solicitud([productoId], otroComprador.access);
    expect((await get(ajena.id, token)).statusCode).toBe(404);
    const anonima = await solicitud([productoId]);
    expect((await get(anonima.id, token)).statusCode).toBe(404);
    expect((await get(propia.id)).statusCode).toBe(404);
  });

  it("a logged-in caller with an anonymous request's clave reads it, and the request stays anonymous (a read takes nothing over)", async () => {
    const s = await solicitud([productoId]);
    expect((await get(s.id, otroComprador.access, s.clave)).statusCode).toBe(200);
    expect((await get(s.id, undefined, s.clave)).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it.each([
    ['no comuna', '/api/cotizaciones/solicitud/1/dias-entrega/'],
    ['an empty comuna', url(1, '')],
    ['a comuna that is no number', url(1, 'abc')],
    ['comuna 0', url(1, 0)],
    ['a negative comuna', url(1, -5)],
    ['a comuna too large', url(1, '99999999999999999999')],
  ])('%s: 400 with the message', async (_, u) => {
    const res = await ctx.t.request({ method: 'GET', url: u });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ comuna: [COMUNA_INVALIDA] });
  });

  it.each([['abc'], ['0'], ['1.5'], ['-1']])('request id %s: 400', async (id) => {
    const res = await ctx.t.request({ method: 'GET', url: url(id, PROVIDENCIA) });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Identificador inválido.');
  });

  it('a comuna that does not exist, on a request the caller holds: 400', async () => {
    const s = await solicitud([await createProductoDePrueba(ctx.t.database.db).then((p) => p.id)]);
    const res = await ctx.t.request({ method: 'GET', url: url(s.id, 999_999), headers: conClave(s.clave) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ comuna: [COMUNA_INVALIDA] });
  });
});
