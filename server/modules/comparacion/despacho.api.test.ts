import { eq } from 'drizzle-orm';
import { crearOrdenConfirmada } from '#server/test/por-confirmar';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONDICIONES_POR_DEFECTO, type CondicionesDespacho } from '#common/despacho';
import type { CompararPrecios } from '#common/schemas/comparacion';
import { actualizar, conClave, createFlujo, crearOrden, type Flujo } from '#server/test/cotizacion';
import { lote } from '#server/db/schema/proveedor';
import { createOfertaDePrueba, createProductoDePrueba } from '#server/test/ofertas';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';

/**
 * A comparison counts an offer only where its supplier delivers (comuna, weekday and
 * cut-off against now), selects the cheapest basket delivered, and actualizar / crear-orden hold
 * the minimum and charge the fee. Fresh suppliers: the demo ones have terms of their own.
 */
const ctx = setupTestApp();
const LEJOS = '2099-06-01';
/** The test flow's delivery record: Providencia (13123), Región Metropolitana. */
const PROVIDENCIA = 13123;
const NUNOA = 13120;

afterEach(() => {
  vi.useRealTimers();
});

async function proveedorCon(terminos: Partial<CondicionesDespacho> | null): Promise<TestUser> {
  const p = await createUser(ctx.t, 'proveedor');
  if (terminos) {
    const res = await ctx.t.request({
      method: 'PUT',
      url: '/api/proveedor/condiciones/',
      token: p.access,
      payload: { ...CONDICIONES_POR_DEFECTO, comunas: [PROVIDENCIA, NUNOA], ...terminos },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return p;
}

/** A new product with one offer per [supplier, tarifa, stock]; its id and the offers' ids. */
async function producto(ofertas: Array<[TestUser, number, number]>) {
  const { db } = ctx.t.database;
  const p = await createProductoDePrueba(db);
  const ids: number[] = [];
  for (const [proveedor, tarifa, stock] of ofertas) {
    ids.push(await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId: proveedor.id, tarifa, lotes: [[stock, LEJOS]] }));
  }
  return { id: p.id, ofertas: ids };
}

/** The comparison of an anonymous buyer's request (no token: the clock may be moved). */
async function comparar(productos: Array<[number, number]>, entrega: Record<string, unknown> = {}): Promise<{ f: Flujo; r: CompararPrecios }> {
  const f = await createFlujo(ctx.t, productos, undefined, entrega);
  const res = await ctx.t.request({
    method: 'POST',
    url: '/api/cotizaciones/comparar-precios/',
    headers: conClave(f.clave),
    payload: { productos: productos.map(([producto, cantidad]) => ({ producto, cantidad })), solicitudId: f.solicitudId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { f: { ...f, cotizacionId: res.json().cotizacion_id }, r: res.json() };
}

const seleccion = (r: CompararPrecios) => r.resultados.flatMap((x) => x.opciones_seleccionadas.map((o) => [o.proveedor_producto_id, o.cantidad_proveida]));

describe('where suppliers deliver', () => {
  it('leaves out a supplier that does not deliver to the comuna, and says so on the line and in the count', async () => {
    const sur = await proveedorCon({ comunas: [NUNOA] });
    const otro = await proveedorCon(null);
    const p = await producto([
      [sur, 100, 500],
      [otro, 120, 500],
    ]);
    const { r } = await comparar([[p.id, 100]]);
    expect(seleccion(r)).toEqual([[p.ofertas[1], 100]]);
    const linea = r.resultados[0]!;
    expect(linea.opciones_adicionales.map((o) => o.proveedor_producto_id)).toEqual([]);
    expect(linea.avisos).toEqual([expect.stringMatching(/ no despacha a Providencia$/)]);
    expect(r.proveedores_excluidos).toEqual([{ motivo: 'comuna', cantidad: 1, mensaje: '1 proveedor no despacha a tu comuna' }]);
  });

  it('leaves out a supplier that does not deliver on the requested weekday', async () => {
    // 2099-01-15 (the flow's date) is a Thursday.
    const lunes = await proveedorCon({ dias_despacho: [1] });
    const otro = await proveedorCon(null);
    const p = await producto([
      [lunes, 100, 500],
      [otro, 120, 500],
    ]);
    const { r } = await comparar([[p.id, 100]]);
    expect(seleccion(r)).toEqual([[p.ofertas[1], 100]]);
    expect(r.resultados[0]!.avisos).toEqual([expect.stringMatching(/ no despacha el 15 de enero de 2099$/)]);
    expect(r.proveedores_excluidos).toEqual([{ motivo: 'dia', cantidad: 1, mensaje: '1 proveedor no despacha el 15 de enero de 2099' }]);
  });

  it('holds the cut-off: an order for Wednesday with one day of anticipation before 14:00 on Tuesday, Chile time', async () => {
    const corte = await proveedorCon({ dias_despacho: [1, 2, 3, 4, 5, 6, 7], anticipacion_dias: 1, hora_corte: '14:00' });
    const otro = await proveedorCon(null);
    const p = await producto([
      [corte, 100, 500],
      [otro, 120, 500],
    ]);
    vi.useFakeTimers({ toFake: ['Date'] });
    // Chile is on summer time (UTC−3) in December: 13:59 there is 16:59 UTC.
    vi.setSystemTime(new Date('2026-12-01T16:59:00Z'));
    const antes = await comparar([[p.id, 100]], { fecha_entrega: '2026-12-02' });
    expect(seleccion(antes.r)).toEqual([[p.ofertas[0], 100]]);
    expect(antes.r.proveedores.find((x) => x.proveedor_id === corte.id)?.fecha_entrega).toBe('2026-12-02');

    vi.setSystemTime(new Date('2026-12-01T17:01:00Z'));
    const despues = await comparar([[p.id, 100]], { fecha_entrega: '2026-12-02' });
    expect(seleccion(despues.r)).toEqual([[p.ofertas[1], 100]]);
    expect(despues.r.proveedores_excluidos).toEqual([{ motivo: 'dia', cantidad: 1, mensaje: '1 proveedor no despacha el 2 de diciembre de 2026' }]);
  });

  it('with no date, uses and shows each supplier its first possible day', async () => {
    const jueves = await proveedorCon({ dias_despacho: [4], anticipacion_dias: 0, hora_corte: '23:59' });
    const p = await producto([[jueves, 100, 500]]);
    vi.useFakeTimers({ toFake: ['Date'] });
    // Monday 30 November 2026, 10:00 in Chile: its first day is Thursday 3 December.
    vi.setSystemTime(new Date('2026-11-30T13:00:00Z'));
    const { r } = await comparar([[p.id, 100]], { fecha_entrega: '' });
    expect(r.proveedores).toEqual([expect.objectContaining({ proveedor_id: jueves.id, fecha_entrega: '2026-12-03', subtotal: 10_000 })]);
  });

  it('with no date, each pedido keeps the first possible day of its supplier, and takes only lots that outlive it', async () => {
    const jueves = await proveedorCon({ dias_despacho: [4], anticipacion_dias: 0, hora_corte: '23:59' });
    const libre = await proveedorCon(null);
    const { db } = ctx.t.database;
    const p = await createProductoDePrueba(db);
    // 50 units expire on Wednesday, before Thursday's delivery: the order must not take them.
    const oferta = await createOfertaDePrueba(db, {
      productoId: p.id,
      categoriaId: p.categoria_id,
      proveedorId: jueves.id,
      tarifa: 100,
      lotes: [
        [50, '2026-12-02'],
        [500, LEJOS],
      ],
    });
    const q = await producto([[libre, 100, 500]]);
    vi.useFakeTimers({ toFake: ['Date'] });
    // Monday 30 November 2026, 10:00 in Chile: the first day of `jueves` is Thursday 3 December.
    vi.setSystemTime(new Date('2026-11-30T13:00:00Z'));
    const { f } = await comparar(
      [
        [p.id, 100],
        [q.id, 100],
      ],
      { fecha_entrega: '' },
    );
    const orden = await crearOrdenConfirmada(ctx.t, f);
    expect(orden.statusCode, orden.body).toBe(201);
    const pedidos = orden.json().pedidos as Array<{ id: number; proveedor: string }>;
    // The suppliers' tokens were issued on today's clock.
    vi.useRealTimers();
    const leer = async (u: TestUser) => {
      const suyo = (await ctx.t.request({ method: 'GET', url: '/api/pedidos/', token: u.access })).json().results[0];
      const detalle = (await ctx.t.request({ method: 'GET', url: `/api/pedidos/${suyo.id}/`, token: u.access })).json();
      return { lista: suyo.fecha_entrega, detalle: detalle.entrega.fecha_entrega };
    };
    expect(pedidos).toHaveLength(2);
    expect(await leer(jueves)).toEqual({ lista: '2026-12-03', detalle: '2026-12-03' });
    // A supplier that never set its terms delivers any day: today, as the comparison showed it.
    expect(await leer(libre)).toEqual({ lista: '2026-11-30', detalle: '2026-11-30' });
    const lotes = await db.select({ cantidad: lote.cantidad, vence: lote.fecha_expiracion }).from(lote).where(eq(lote.proveedor_producto_id, oferta));
    expect(lotes.map((l) => [Number(l.cantidad), l.vence]).sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
      [50, '2026-12-02'],
      [400, LEJOS],
    ]);
  });
});

describe('what the buyer confirmed on /facturacion', () => {
  /** The summary as /facturacion reads it, and crear-orden with what it showed. */
  const resumen = async (f: Flujo) =>
    (await ctx.t.request({ method: 'GET', url: `/api/facturacion/${f.cotizacionId}/resumen/`, headers: conClave(f.clave) })).json();
  const confirmado = (r: { total: number; proveedores: Array<{ proveedor_id: number; fecha_entrega: string | null }> }) => ({
    resumen_confirmado: { total: r.total, proveedores: r.proveedores.map(({ proveedor_id, fecha_entrega }) => ({ proveedor_id, fecha_entrega })) },
  });

  it('a cut-off that passes between the summary and Comprar is a 409 naming both days, and nothing is bought; confirming the new day buys it', async () => {
    const corte = await proveedorCon({ dias_despacho: [1, 2, 3, 4, 5, 6, 7], anticipacion_dias: 1, hora_corte: '14:00' });
    const p = await producto([[corte, 100, 500]]);
    vi.useFakeTimers({ toFake: ['Date'] });
    // Tuesday 1 December 2026, 13:59 in Chile (UTC−3): its first day is Wednesday the 2nd.
    vi.setSystemTime(new Date('2026-12-01T16:59:00Z'));
    const { f } = await comparar([[p.id, 100]], { fecha_entrega: '' });
    const visto = await resumen(f);
    expect(visto.proveedores).toEqual([expect.objectContaining({ proveedor_id: corte.id, fecha_entrega: '2026-12-02' })]);

    vi.setSystemTime(new Date('2026-12-01T17:01:00Z'));
    const tarde = await crearOrden(ctx.t, f, undefined, confirmado(visto));
    expect(tarde.statusCode, tarde.body).toBe(409);
    expect(tarde.json()).toEqual({
      detail: expect.stringMatching(/ ahora entrega el 3 de diciembre de 2026 \(antes: 2 de diciembre de 2026\)\. Revisa el resumen y confirma de nuevo\.$/),
      code: 'resumen_cambiado',
    });
    const { db } = ctx.t.database;
    expect(
      (await db.select({ cantidad: lote.cantidad }).from(lote).where(eq(lote.proveedor_producto_id, p.ofertas[0]!))).map((l) => Number(l.cantidad)),
    ).toEqual([500]);

    const nuevo = await resumen(f);
    expect(nuevo.proveedores[0].fecha_entrega).toBe('2026-12-03');
    const orden = await crearOrdenConfirmada(ctx.t, f, confirmado(nuevo));
    expect(orden.statusCode, orden.body).toBe(201);
    // A second submit of the same confirmation, however stale, gets the order it placed.
    const otra = await crearOrden(ctx.t, f, undefined, confirmado(visto));
    expect(otra.json().orden_id).toBe(orden.json().orden_id);
  });

  it('suppliers other than the confirmed ones, or a day confirmed as none, are a 409 too', async () => {
    const a = await proveedorCon({});
    const p = await producto([[a, 100, 500]]);
    const { f } = await comparar([[p.id, 100]]);
    const visto = await resumen(f);
    const sinProveedores = await crearOrden(ctx.t, f, undefined, { resumen_confirmado: { total: visto.total, proveedores: [] } });
    expect(sinProveedores.statusCode).toBe(409);
    expect(sinProveedores.json().detail).toBe('Los proveedores de tu compra cambiaron. Revisa el resumen y confirma de nuevo.');
    const sinDia = await crearOrden(ctx.t, f, undefined, {
      resumen_confirmado: { total: visto.total, proveedores: [{ proveedor_id: a.id, fecha_entrega: null }] },
    });
    expect(sinDia.statusCode).toBe(409);
    expect(sinDia.json().detail).toMatch(/ ahora entrega el .+ \(antes: sin fecha\)\. /);
    // An impossible date is a 400, not a day compared.
    const mala = await crearOrden(ctx.t, f, undefined, {
      resumen_confirmado: { total: visto.total, proveedores: [{ proveedor_id: a.id, fecha_entrega: '2026-02-31' }] },
    });
    expect(mala.statusCode).toBe(400);
  });

  it('a delivery fee that changed since the summary is a 409 with both totals', async () => {
    const a = await proveedorCon({});
    const p = await producto([[a, 100, 500]]);
    const { f } = await comparar([[p.id, 100]]);
    const visto = await resumen(f);
    expect(visto.total).toBe(10_000);
    const cambio = await ctx.t.request({
      method: 'PUT',
      url: '/api/proveedor/condiciones/',
      token: a.access,
      payload: { ...CONDICIONES_POR_DEFECTO, comunas: [PROVIDENCIA, NUNOA], costo_despacho: 4_990 },
    });
    expect(cambio.statusCode, cambio.body).toBe(200);
    const res = await crearOrden(ctx.t, f, undefined, confirmado(visto));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().detail).toBe('El total de tu compra cambió de $11.900 a $17.838 (IVA incluido). Revisa el resumen y confirma de nuevo.');
    // Without what it showed (docs/producto.md §3's payload alone) the order buys what the server holds.
    expect((await crearOrdenConfirmada(ctx.t, f)).statusCode).toBe(201);
  });
});

describe('the cheapest basket delivered', () => {
  it('pays one fee instead of two when that is cheaper, reports it, and the order carries the fee', async () => {
    // A is cheaper per product but charges $5,000 per delivery; B has no fee and costs $2,000 more in all.
    const a = await proveedorCon({ costo_despacho: 5_000 });
    const b = await proveedorCon({});
    const p1 = await producto([
      [a, 100, 500],
      [b, 110, 500],
    ]);
    const p2 = await producto([
      [a, 100, 500],
      [b, 110, 500],
    ]);
    const { f, r } = await comparar([
      [p1.id, 100],
      [p2.id, 100],
    ]);
    expect(seleccion(r)).toEqual([
      [p1.ofertas[1], 100],
      [p2.ofertas[1], 100],
    ]);
    expect(r).toMatchObject({ optimo: true, diferencia_maxima: 0, total_productos: 22_000, total_despacho: 0, total: 22_000 });

    // The buyer takes A anyway: the order carries its fee.
    const res = await actualizar(ctx.t, f, [
      [p1.ofertas[0]!, 100],
      [p2.ofertas[0]!, 100],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const orden = await crearOrdenConfirmada(ctx.t, f);
    expect(orden.statusCode, orden.body).toBe(201);
    expect(orden.json().pedidos).toEqual([expect.objectContaining({ total: 25_000 })]);
  });

  it('answers each selected supplier with its part and fee, free from its threshold, and the nudge when adding less than the fee frees it', async () => {
    const a = await proveedorCon({ costo_despacho: 9_000, despacho_gratis_desde: 25_000 });
    const p = await producto([[a, 100, 1000]]);
    const { r } = await comparar([[p.id, 200]]);
    expect(r.proveedores).toEqual([
      expect.objectContaining({ proveedor_id: a.id, subtotal: 20_000, costo_despacho: 9_000, monto_minimo: 0, despacho_gratis_desde: 25_000 }),
    ]);
    expect(r).toMatchObject({ total_productos: 20_000, total_despacho: 9_000, total: 29_000 });
    expect(r.sugerencias_despacho).toEqual([
      expect.objectContaining({
        proveedor_id: a.id,
        monto_faltante: 5_000,
        mensaje: expect.stringMatching(/^Agrega \$5\.000 en productos de .+ y el despacho es gratis$/),
      }),
    ]);
    expect(r.resultados[0]!.opciones_seleccionadas[0]!.proveedor_id).toBe(a.id);
  });

  it('leaves out a supplier whose minimum this basket cannot reach, and says why', async () => {
    const caro = await proveedorCon({ monto_minimo: 50_000 });
    const otro = await proveedorCon(null);
    const p = await producto([
      [caro, 100, 200],
      [otro, 150, 500],
    ]);
    const { r } = await comparar([[p.id, 100]]);
    expect(seleccion(r)).toEqual([[p.ofertas[1], 100]]);
    expect(r.resultados[0]!.avisos).toEqual([expect.stringMatching(/ no alcanza el pedido mínimo de \$50\.000$/)]);
    expect(r.proveedores_excluidos).toEqual([{ motivo: 'minimo', cantidad: 1, mensaje: '1 proveedor no alcanza su pedido mínimo' }]);
  });
});

describe('actualizar holds the terms', () => {
  it('refuses a choice that leaves a supplier under its minimum, naming it and what it lacks, and changes nothing', async () => {
    const a = await proveedorCon({ monto_minimo: 15_000 });
    const b = await proveedorCon(null);
    const p = await producto([
      [a, 100, 500],
      [b, 110, 500],
    ]);
    const { f, r } = await comparar([[p.id, 200]]);
    expect(seleccion(r)).toEqual([[p.ofertas[0], 200]]);
    const res = await actualizar(ctx.t, f, [
      [p.ofertas[0]!, 100],
      [p.ofertas[1]!, 100],
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().productos).toEqual([expect.stringMatching(/^A .+ le faltan \$5\.000 para su pedido mínimo de \$15\.000\.$/)]);
    const orden = await crearOrdenConfirmada(ctx.t, f);
    expect(orden.statusCode, orden.body).toBe(201);
    expect(orden.json().pedidos).toEqual([expect.objectContaining({ total: 20_000 })]);
  });

  it('refuses an offer whose supplier does not deliver to the comuna', async () => {
    const sur = await proveedorCon({ comunas: [NUNOA] });
    const otro = await proveedorCon(null);
    const p = await producto([
      [sur, 100, 500],
      [otro, 120, 500],
    ]);
    const { f } = await comparar([[p.id, 100]]);
    const res = await actualizar(ctx.t, f, [[p.ofertas[0]!, 100]]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().productos).toEqual([expect.stringMatching(/^Fila 1: .+ no despacha a Providencia\.$/)]);
  });

  it('crear-orden refuses a supplier whose terms changed since the choice (409 naming it) and writes nothing', async () => {
    const a = await proveedorCon({});
    const p = await producto([[a, 100, 500]]);
    const { f, r } = await comparar([[p.id, 100]]);
    expect(seleccion(r)).toEqual([[p.ofertas[0], 100]]);
    const cambio = await ctx.t.request({
      method: 'PUT',
      url: '/api/proveedor/condiciones/',
      token: a.access,
      payload: { ...CONDICIONES_POR_DEFECTO, comunas: [NUNOA] },
    });
    expect(cambio.statusCode, cambio.body).toBe(200);
    const orden = await crearOrden(ctx.t, f);
    expect(orden.statusCode, orden.body).toBe(409);
    expect(orden.json().detail).toMatch(/^.+ no despacha a Providencia\.$/);
    // Nothing was bought: with its terms back, the same quotation is ordered.
    await ctx.t.request({
      method: 'PUT',
      url: '/api/proveedor/condiciones/',
      token: a.access,
      payload: { ...CONDICIONES_POR_DEFECTO, comunas: [PROVIDENCIA] },
    });
    const otra = await crearOrdenConfirmada(ctx.t, f);
    expect(otra.statusCode, otra.body).toBe(201);
    expect(otra.json().pedidos).toEqual([expect.objectContaining({ total: 10_000 })]);
  });
});
