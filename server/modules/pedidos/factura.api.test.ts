import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hoyEnChile, sumarDias } from '#common/fecha';
import { formatDiaLargo } from '#common/format';
import {
  FACTURA_DE_PEDIDO_PAGADO,
  FACTURA_DESPUES_DEL_PAGO,
  FACTURA_SIN_CONFIRMAR,
  FACTURA_SIN_NUMERO,
  facturaDePedidoCerrado,
  fechaAntesDelPedido,
  fechaFutura,
  PAGO_ANTES_DE_FACTURA,
  PAGO_SIN_FACTURA,
  SOLO_PROVEEDOR_FACTURA,
} from '#common/schemas/pedidos';
import { pedido, pedidoEvento } from '#server/db/schema/ordenes';
import { createOrden, LEJOS, setupPedidosTestApp } from '#server/test/pedidos';
import type { RoleName } from '#server/test/roles';

/** The supplier's invoice and payment on its pedido (PATCH /api/pedidos/{id}/) and the inbox's filters by them. */
const { ctx, ids, otroComprador } = setupPedidosTestApp();

const db = () => ctx.t.database.db;
type Quien = RoleName | 'otroComprador';
const tokenDe = (role: Quien) => (role === 'otroComprador' ? otroComprador.access : ctx.tokens[role]);
const facturar = (id: number, payload: Record<string, unknown>, role: Quien = 'proveedor') =>
  ctx.t.request({ method: 'PATCH', url: `/api/pedidos/${id}/`, token: tokenDe(role), payload });
const mover = async (id: number, ...estados: string[]) => {
  for (const estado of estados) {
    const res = await ctx.t.request({
      method: 'POST',
      url: `/api/pedidos/${id}/estado/`,
      token: ctx.tokens[estado === 'anulado' ? 'comprador' : 'proveedor'],
      payload: { estado, motivo: 'Sin stock' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
};
const leer = async (id: number) => (await db().select().from(pedido).where(eq(pedido.id, id)))[0]!;
const eventosDe = (id: number) => db().select().from(pedidoEvento).where(eq(pedidoEvento.pedido_id, id)).orderBy(asc(pedidoEvento.id));

const hoy = () => hoyEnChile();
const ayer = () => sumarDias(hoy(), -1);
const manana = () => sumarDias(hoy(), 1);

/** A pedido of the demo supplier for the demo buyer, moved through `estados`: 100 kg at $5,000. */
async function pedidoEn(...estados: string[]) {
  const o = await createOrden(ctx.t, [{ proveedorId: ids.proveedor, tarifa: 5000, lotes: [[500, LEJOS]], cantidad: 100 }], ctx.tokens.comprador);
  const id = o.pedidos[0]!.id;
  await mover(id, ...estados);
  return id;
}

/** Places the pedido `dias` days back, so a date before today may still be on or after the day it was placed. */
const colocadoHace = (id: number, dias: number) =>
  db()
    .update(pedido)
    .set({ creado_en: new Date(Date.now() - dias * 86_400_000) })
    .where(eq(pedido.id, id));

describe('PATCH /api/pedidos/{id}/: who may record an invoice', () => {
  it('its supplier only: the buyer 403, another supplier, another buyer and the moderator 404, anonymous 401; nothing changes', async () => {
    const id = await pedidoEn('confirmado');
    const cuerpo = { factura_numero: '123' };
    const esperado: Array<[Quien, number]> = [
      ['anonimo', 401],
      ['comprador', 403],
      ['otroComprador', 404],
      ['otroProveedor', 404],
      ['moderador', 404],
    ];
    for (const [role, status] of esperado) expect((await facturar(id, cuerpo, role)).statusCode, role).toBe(status);
    expect((await facturar(id, cuerpo, 'comprador')).json()).toEqual({ detail: SOLO_PROVEEDOR_FACTURA });
    expect((await leer(id)).factura_numero).toBeNull();
    expect((await facturar(999_999_999, cuerpo)).statusCode).toBe(404);

    const res = await facturar(id, cuerpo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, factura_numero: '123', factura_fecha: null, pagado_el: null });
    // Its buyer reads it, read-only.
    const comoComprador = await ctx.t.request({ method: 'GET', url: `/api/pedidos/${id}/`, token: ctx.tokens.comprador });
    expect(comoComprador.json()).toMatchObject({ factura_numero: '123' });
  });
});

describe('PATCH /api/pedidos/{id}/: a pedido is invoiced once confirmed', () => {
  it('confirmado, despachado and entregado take an invoice; pendiente, rechazado and anulado answer 409 in Spanish', async () => {
    for (const estados of [['confirmado'], ['confirmado', 'despachado'], ['confirmado', 'despachado', 'entregado']]) {
      const id = await pedidoEn(...estados);
      expect((await facturar(id, { factura_numero: 'F-1', factura_fecha: hoy() })).statusCode, estados.at(-1)).toBe(200);
    }
    const casos: Array<[string[], string]> = [
      [[], FACTURA_SIN_CONFIRMAR],
      [['rechazado'], facturaDePedidoCerrado('rechazado')],
      [['anulado'], facturaDePedidoCerrado('anulado')],
    ];
    for (const [estados, detail] of casos) {
      const id = await pedidoEn(...estados);
      const res = await facturar(id, { factura_numero: 'F-1' });
      expect([res.statusCode, res.json()], detail).toEqual([409, { detail }]);
      expect((await leer(id)).factura_numero).toBeNull();
    }
  });
});

describe('PATCH /api/pedidos/{id}/: the dates', () => {
  const errorEn = async (id: number, payload: Record<string, unknown>, campo: string, mensaje: string) => {
    const antes = await leer(id);
    const res = await facturar(id, payload);
    expect([res.statusCode, res.json()], JSON.stringify(payload)).toEqual([400, { [campo]: [mensaje] }]);
    expect(await leer(id)).toEqual(antes);
  };

  it('an invoice date needs a number; a payment needs an invoice', async () => {
    const id = await pedidoEn('confirmado', 'despachado', 'entregado');
    await errorEn(id, { factura_fecha: hoy() }, 'factura_numero', FACTURA_SIN_NUMERO);
    await errorEn(id, { factura_numero: '  ', factura_fecha: hoy() }, 'factura_numero', FACTURA_SIN_NUMERO);
    await errorEn(id, { pagado_el: hoy() }, 'pagado_el', PAGO_SIN_FACTURA);
  });

  it('the invoice is dated from the day the pedido was placed to today (Chile)', async () => {
    const id = await pedidoEn('confirmado');
    await errorEn(id, { factura_numero: '77', factura_fecha: ayer() }, 'factura_fecha', fechaAntesDelPedido('factura', hoy()));
    await errorEn(id, { factura_numero: '77', factura_fecha: manana() }, 'factura_fecha', fechaFutura('factura'));
    expect(fechaAntesDelPedido('factura', hoy())).toContain(formatDiaLargo(hoy()));
    await colocadoHace(id, 3);
    expect((await facturar(id, { factura_numero: '77', factura_fecha: ayer() })).json()).toMatchObject({ factura_numero: '77', factura_fecha: ayer() });
  });

  it('the payment from the invoice day (or the pedido day without one) to today; an invoice moved after its payment is refused under its date', async () => {
    const id = await pedidoEn('confirmado', 'despachado');
    await colocadoHace(id, 5);
    const hace = (n: number) => sumarDias(hoy(), -n);
    expect((await facturar(id, { factura_numero: '88', factura_fecha: hace(2) })).statusCode).toBe(200);
    await errorEn(id, { pagado_el: hace(3) }, 'pagado_el', PAGO_ANTES_DE_FACTURA);
    await errorEn(id, { pagado_el: manana() }, 'pagado_el', fechaFutura('pago'));
    expect((await facturar(id, { pagado_el: hace(1) })).json()).toMatchObject({ factura_fecha: hace(2), pagado_el: hace(1) });
    await errorEn(id, { factura_fecha: hoy() }, 'factura_fecha', FACTURA_DESPUES_DEL_PAGO);
    // Without an invoice date, the payment is not before the pedido's day.
    const sinFecha = await pedidoEn('confirmado');
    await colocadoHace(sinFecha, 2);
    expect((await facturar(sinFecha, { factura_numero: '89' })).statusCode).toBe(200);
    await errorEn(sinFecha, { pagado_el: hace(3) }, 'pagado_el', fechaAntesDelPedido('pago', hace(2)));
    expect((await facturar(sinFecha, { pagado_el: hace(2) })).statusCode).toBe(200);
  });

  it('malformed dates and numbers are a Spanish 400 under their field', async () => {
    const id = await pedidoEn('confirmado');
    const casos: Array<[Record<string, unknown>, string]> = [
      [{ factura_numero: 'x'.repeat(41) }, 'factura_numero'],
      [{ factura_numero: 'a\nb' }, 'factura_numero'],
      [{ factura_numero: 12 }, 'factura_numero'],
      [{ factura_numero: '1', factura_fecha: '2026-02-30' }, 'factura_fecha'],
      [{ factura_numero: '1', factura_fecha: '30-11-2026' }, 'factura_fecha'],
      [{ factura_numero: '1', pagado_el: 5 }, 'pagado_el'],
    ];
    for (const [payload, campo] of casos) {
      const res = await facturar(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(payload)).toEqual([campo]);
    }
    expect((await leer(id)).factura_numero).toBeNull();
  });
});

describe('PATCH /api/pedidos/{id}/: absent stays, null clears, and the history says what changed', () => {
  it('records each change as a factura or pago event with its text; a repeat or an empty body changes nothing', async () => {
    const id = await pedidoEn('confirmado', 'despachado', 'entregado');
    await colocadoHace(id, 1);
    const antes = (await eventosDe(id)).length;
    expect((await facturar(id, { factura_numero: ' 123 ', factura_fecha: ayer() })).json()).toMatchObject({ factura_numero: '123', factura_fecha: ayer() });
    // Absent fields stay.
    expect((await facturar(id, { pagado_el: hoy() })).json()).toMatchObject({ factura_numero: '123', factura_fecha: ayer(), pagado_el: hoy() });
    const res = await facturar(id, { factura_numero: '123', pagado_el: hoy() });
    expect(res.statusCode).toBe(200);
    expect((await facturar(id, {})).statusCode).toBe(200);
    const nuevos = (await eventosDe(id)).slice(antes);
    expect(nuevos.map((e) => [e.tipo, e.estado, e.motivo])).toEqual([
      ['factura', 'entregado', `Factura N° 123 del ${formatDiaLargo(ayer())}`],
      ['pago', 'entregado', `Pagada el ${formatDiaLargo(hoy())}`],
    ]);
    expect(res.json().eventos.slice(-2)).toMatchObject([{ tipo: 'factura' }, { tipo: 'pago' }]);
  });

  it('null clears; a paid pedido keeps its invoice (409) unless its payment goes with it; clearing the number clears its date', async () => {
    const id = await pedidoEn('confirmado');
    await facturar(id, { factura_numero: '9', factura_fecha: hoy(), pagado_el: hoy() });
    const antes = (await eventosDe(id)).length;
    const res = await facturar(id, { factura_numero: null });
    expect([res.statusCode, res.json()]).toEqual([409, { detail: FACTURA_DE_PEDIDO_PAGADO }]);
    // Its number may be corrected.
    expect((await facturar(id, { factura_numero: '10' })).json()).toMatchObject({ factura_numero: '10', pagado_el: hoy() });
    expect((await facturar(id, { pagado_el: null })).json()).toMatchObject({ factura_numero: '10', factura_fecha: hoy(), pagado_el: null });
    expect((await facturar(id, { factura_numero: null })).json()).toMatchObject({ factura_numero: null, factura_fecha: null, pagado_el: null });
    await facturar(id, { factura_numero: '11', pagado_el: hoy() });
    expect((await facturar(id, { factura_numero: '', pagado_el: null })).json()).toMatchObject({ factura_numero: null, pagado_el: null });
    const nuevos = (await eventosDe(id)).slice(antes);
    expect(nuevos.map((e) => [e.tipo, e.motivo])).toEqual([
      ['factura', `Factura N° 10 del ${formatDiaLargo(hoy())}`],
      ['pago', 'Se quitó el pago.'],
      ['factura', 'Se quitó la factura.'],
      ['factura', 'Factura N° 11'],
      ['pago', `Pagada el ${formatDiaLargo(hoy())}`],
      ['factura', 'Se quitó la factura.'],
      ['pago', 'Se quitó el pago.'],
    ]);
  });

  it('two writes racing on one pedido: both land, one after the other, each with its event', async () => {
    const id = await pedidoEn('confirmado');
    const antes = (await eventosDe(id)).length;
    const [a, b] = await Promise.all([facturar(id, { factura_numero: 'A' }), facturar(id, { factura_numero: 'B' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const final = (await leer(id)).factura_numero;
    const nuevos = (await eventosDe(id)).slice(antes);
    expect(nuevos.map((e) => e.motivo).at(-1)).toBe(`Factura N° ${final}`);
    expect(nuevos.length).toBeGreaterThanOrEqual(1);
  });
});

describe("GET /api/pedidos/?cobro=: 'Por facturar' and 'Por cobrar'", () => {
  const filtro = async (cobro: string, role: RoleName = 'proveedor') => {
    const res = await ctx.t.request({ method: 'GET', url: `/api/pedidos/?cobro=${cobro}`, token: ctx.tokens[role] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { count: number; results: Array<{ id: number; factura_numero: string | null; pagado_el: string | null }> };
    return { count: body.count, ids: body.results.map((p) => p.id), fila: (id: number) => body.results.find((p) => p.id === id) };
  };

  it('a delivered pedido moves from por facturar to por cobrar to neither; the counts follow; each row answers its invoice and payment', async () => {
    const id = await pedidoEn('confirmado', 'despachado', 'entregado');
    const confirmado = await pedidoEn('confirmado');
    const pendiente = await pedidoEn();
    const antes = { facturar: (await filtro('por_facturar')).count, cobrar: (await filtro('por_cobrar')).count };

    let f = await filtro('por_facturar');
    expect(f.ids).toContain(id);
    // Not yet on its way: nothing to invoice yet.
    expect(f.ids).not.toContain(confirmado);
    expect(f.ids).not.toContain(pendiente);
    expect((await filtro('por_cobrar')).ids).not.toContain(id);

    await facturar(id, { factura_numero: '500', factura_fecha: hoy() });
    f = await filtro('por_facturar');
    const c = await filtro('por_cobrar');
    expect([f.count, c.count]).toEqual([antes.facturar - 1, antes.cobrar + 1]);
    expect(f.ids).not.toContain(id);
    expect(c.fila(id)).toMatchObject({ factura_numero: '500', pagado_el: null });

    await facturar(id, { pagado_el: hoy() });
    expect((await filtro('por_facturar')).ids).not.toContain(id);
    expect((await filtro('por_cobrar')).count).toBe(antes.cobrar);
    const todos = await ctx.t.request({ method: 'GET', url: '/api/pedidos/?estado=entregado', token: ctx.tokens.proveedor });
    expect(todos.json().results.find((p: { id: number }) => p.id === id)).toMatchObject({ factura_numero: '500', pagado_el: hoy() });
  });

  it('invoiced when confirmed, a pedido is por cobrar; rejected afterwards, it is not; combines with estado and search; another supplier sees none', async () => {
    const id = await pedidoEn('confirmado');
    await facturar(id, { factura_numero: '600' });
    expect((await filtro('por_cobrar')).ids).toContain(id);
    expect((await filtro('por_cobrar&estado=confirmado')).ids).toContain(id);
    expect((await filtro('por_cobrar&estado=despachado')).ids).not.toContain(id);
    expect((await filtro(`por_cobrar&q=${id}`)).ids).toContain(id);
    expect((await filtro('por_cobrar', 'otroProveedor')).ids).not.toContain(id);
    await mover(id, 'rechazado');
    expect((await filtro('por_cobrar')).ids).not.toContain(id);
  });

  it('an unknown filter is a Spanish 400', async () => {
    const res = await ctx.t.request({ method: 'GET', url: '/api/pedidos/?cobro=todo', token: ctx.tokens.proveedor });
    expect([res.statusCode, res.json()]).toEqual([400, { cobro: ['Filtro inválido.'] }]);
  });
});

describe("the purchase order's number: the order's and the pedido's place in it", () => {
  it("'{orden}-1' and '{orden}-2' for an order of two suppliers, whatever other orders exist, to each party", async () => {
    await pedidoEn();
    const o = await createOrden(
      ctx.t,
      [
        { proveedorId: ids.proveedor, tarifa: 5000, lotes: [[500, LEJOS]], cantidad: 100 },
        { proveedorId: ids.otroProveedor, tarifa: 3000, lotes: [[300, LEJOS]], cantidad: 100 },
      ],
      ctx.tokens.comprador,
    );
    const [primero, segundo] = o.pedidos.map((p) => p.id);
    const numero = async (id: number, role: RoleName) =>
      (await ctx.t.request({ method: 'GET', url: `/api/pedidos/${id}/`, token: ctx.tokens[role] })).json().numero;
    expect(await numero(primero!, 'proveedor')).toBe(`${o.orden_id}-1`);
    expect(await numero(segundo!, 'otroProveedor')).toBe(`${o.orden_id}-2`);
    expect(await numero(segundo!, 'comprador')).toBe(`${o.orden_id}-2`);
    const orden = await ctx.t.request({ method: 'GET', url: `/api/ordenes/${o.orden_id}/`, token: ctx.tokens.comprador });
    expect(orden.json().pedidos.map((p: { numero: string }) => p.numero)).toEqual([`${o.orden_id}-1`, `${o.orden_id}-2`]);
  });
});
