import { asc, eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CANTIDAD_DOS_DECIMALES, CANTIDAD_NEGATIVA } from '#common/confirmacion-parcial';
import { LINEA_REPETIDA, LINEAS_SOLO_AL_CONFIRMAR, LINEAS_SOLO_PENDIENTE, lineaAjena, MOTIVO_SIN_CANTIDADES, SOLO_PROVEEDOR } from '#common/schemas/pedidos';
import { ordenLinea, ordenLineaLote, pedido, pedidoEvento } from '#server/db/schema/ordenes';
import { lote } from '#server/db/schema/proveedor';
import { correoSaliente } from '#server/db/schema/usuario';
import { correosPara, createOrden, LEJOS, setupPedidosTestApp } from '#server/test/pedidos';
import { ROLES, type RoleName } from '#server/test/roles';

/** A supplier confirms less than ordered (docs/producto.md §18, docs/decisions/026 §Confirmación parcial). */
const { ctx, ids } = setupPedidosTestApp();

const db = () => ctx.t.database.db;
const CERCA = '2099-03-01';

const confirmar = (id: number, role: RoleName, lineas: unknown, extra: Record<string, unknown> = {}) =>
  ctx.t.request({ method: 'POST', url: `/api/pedidos/${id}/estado/`, token: ctx.tokens[role], payload: { estado: 'confirmado', lineas, ...extra } });
const mover = (id: number, role: RoleName, estado: string, motivo?: string) =>
  ctx.t.request({ method: 'POST', url: `/api/pedidos/${id}/estado/`, token: ctx.tokens[role], payload: { estado, ...(motivo ? { motivo } : {}) } });

/**
 * One pedido of the demo supplier with two lines: 100 kg of 'Lomo vetado' at $5,000 from two lots
 * (60 kg expiring first, then 500: FEFO takes 60 + 40) and 100 kg of 'Posta negra' at $3,000 from a
 * lot of 150, with a delivery fee of $0 (both of brand 'Sopraval').
 */
async function pedidoDeDosLineas() {
  const o = await createOrden(
    ctx.t,
    [
      {
        proveedorId: ids.proveedor,
        tarifa: 5000,
        lotes: [
          [60, CERCA],
          [500, LEJOS],
        ],
        cantidad: 100,
      },
      { proveedorId: ids.proveedor, tarifa: 3000, lotes: [[150, LEJOS]], cantidad: 100 },
    ],
    ctx.tokens.comprador,
  );
  const pedidoId = o.pedidos[0]!.id;
  const lineas = await db().select().from(ordenLinea).where(eq(ordenLinea.pedido_id, pedidoId)).orderBy(asc(ordenLinea.id));
  await db().update(ordenLinea).set({ producto_nombre: 'Lomo vetado', marca: 'Sopraval' }).where(eq(ordenLinea.id, lineas[0]!.id));
  await db().update(ordenLinea).set({ producto_nombre: 'Posta negra', marca: 'Sopraval' }).where(eq(ordenLinea.id, lineas[1]!.id));
  return { ...o, pedidoId, lomo: lineas[0]!.id, posta: lineas[1]!.id };
}

const lotesDe = async (ofertaId: number) =>
  (
    await db()
      .select({ cantidad: lote.cantidad, fecha: lote.fecha_expiracion })
      .from(lote)
      .where(eq(lote.proveedor_producto_id, ofertaId))
      .orderBy(asc(lote.id))
  ).map((l) => [l.cantidad, l.fecha]);
const tomasDe = async (lineaId: number) =>
  (
    await db()
      .select({ cantidad: ordenLineaLote.cantidad, fecha: ordenLineaLote.fecha_expiracion })
      .from(ordenLineaLote)
      .where(eq(ordenLineaLote.orden_linea_id, lineaId))
      .orderBy(asc(ordenLineaLote.fecha_expiracion))
  ).map((t) => [t.cantidad, t.fecha]);

/** Everything a refused confirmation must leave as it was. */
async function estadoDe(o: Awaited<ReturnType<typeof pedidoDeDosLineas>>) {
  return {
    pedido: await db().select({ estado: pedido.estado, subtotal: pedido.subtotal }).from(pedido).where(eq(pedido.id, o.pedidoId)),
    lineas: await db()
      .select({ c: ordenLinea.cantidad_confirmada, s: ordenLinea.subtotal })
      .from(ordenLinea)
      .where(inArray(ordenLinea.id, [o.lomo, o.posta]))
      .orderBy(asc(ordenLinea.id)),
    eventos: (await db().select().from(pedidoEvento).where(eq(pedidoEvento.pedido_id, o.pedidoId))).length,
    lotes: [await lotesDe(o.ofertas[0]!), await lotesDe(o.ofertas[1]!)],
    tomas: [await tomasDe(o.lomo), await tomasDe(o.posta)],
    correos: (await correosPara(ctx.t, ROLES.comprador)).length,
  };
}

describe('confirming less than ordered', () => {
  it('charges what is confirmed and gives the rest back to the lots it came from, the latest-expiring first', async () => {
    const o = await pedidoDeDosLineas();
    expect(await lotesDe(o.ofertas[0]!)).toEqual([
      [0, CERCA],
      [460, LEJOS],
    ]);
    const res = await confirmar(o.pedidoId, 'proveedor', [{ id: o.lomo, cantidad: 50 }]);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ estado: 'confirmado', parcial: true, costo_despacho: 0, total: 50 * 5000 + 100 * 3000 });
    // The posta, not named, is confirmed whole and is not short.
    expect(p.lineas).toMatchObject([
      { id: o.lomo, cantidad: 100, cantidad_confirmada: 50, subtotal: 250_000 },
      { id: o.posta, cantidad: 100, cantidad_confirmada: null, subtotal: 300_000 },
    ]);
    expect(p.eventos.at(-1)).toMatchObject({ estado: 'confirmado', tipo: 'estado', motivo: 'Confirmado parcial: Lomo vetado 50 de 100 kg' });
    // 50 kg back: the 40 taken from the later lot first, then 10 of the 60 taken from the earlier one.
    expect(await lotesDe(o.ofertas[0]!)).toEqual([
      [10, CERCA],
      [500, LEJOS],
    ]);
    expect(await tomasDe(o.lomo)).toEqual([[50, CERCA]]);
    expect(await lotesDe(o.ofertas[1]!)).toEqual([[50, LEJOS]]);
    const [fila] = await db().select({ subtotal: pedido.subtotal }).from(pedido).where(eq(pedido.id, o.pedidoId));
    expect(fila!.subtotal).toBe(550_000);
  });

  it('a later rejection gives back exactly the rest; the buyer and the tracking link see both quantities', async () => {
    const o = await pedidoDeDosLineas();
    expect(
      (
        await confirmar(o.pedidoId, 'proveedor', [
          { id: o.lomo, cantidad: 80 },
          { id: o.posta, cantidad: 2.5 },
        ])
      ).statusCode,
    ).toBe(200);
    expect(await lotesDe(o.ofertas[0]!)).toEqual([
      [0, CERCA],
      [480, LEJOS],
    ]);
    expect(await lotesDe(o.ofertas[1]!)).toEqual([[147.5, LEJOS]]);
    const orden = (await ctx.t.request({ method: 'GET', url: `/api/ordenes/${o.orden_id}/`, token: ctx.tokens.comprador })).json();
    expect(orden.pedidos[0]).toMatchObject({
      parcial: true,
      total: 80 * 5000 + 7500,
      lineas: [
        { cantidad: 100, cantidad_confirmada: 80 },
        { cantidad: 100, cantidad_confirmada: 2.5 },
      ],
    });
    expect(orden.neto).toBe(407_500);
    const seguimiento = (await ctx.t.request({ method: 'GET', url: `/api/seguimiento/${o.seguimiento}/` })).json();
    expect(seguimiento.pedidos[0]).toMatchObject({ parcial: true, lineas: [{ cantidad_confirmada: 80 }, { cantidad_confirmada: 2.5 }] });

    expect((await mover(o.pedidoId, 'proveedor', 'rechazado', 'Se cayó el camión')).statusCode).toBe(200);
    expect(await lotesDe(o.ofertas[0]!)).toEqual([
      [60, CERCA],
      [500, LEJOS],
    ]);
    expect(await lotesDe(o.ofertas[1]!)).toEqual([[150, LEJOS]]);
    expect([await tomasDe(o.lomo), await tomasDe(o.posta)]).toEqual([[], []]);
  });

  it('its buyer may annul it until it is dispatched (a whole confirmation it may not), getting exactly the rest back, also to a lot deleted since (recreated with its expiry)', async () => {
    const entero = await pedidoDeDosLineas();
    expect((await mover(entero.pedidoId, 'proveedor', 'confirmado')).statusCode).toBe(200);
    expect((await mover(entero.pedidoId, 'comprador', 'anulado')).statusCode).toBe(409);

    const o = await pedidoDeDosLineas();
    expect((await confirmar(o.pedidoId, 'proveedor', [{ id: o.lomo, cantidad: 30 }])).statusCode).toBe(200);
    // 70 back: 40 to the later lot, 30 to the earlier; the line keeps 30 of the earlier.
    expect(await lotesDe(o.ofertas[0]!)).toEqual([
      [30, CERCA],
      [500, LEJOS],
    ]);
    const [cerca] = await db().select({ id: lote.id }).from(lote).where(eq(lote.proveedor_producto_id, o.ofertas[0]!)).orderBy(asc(lote.id));
    await db().delete(lote).where(eq(lote.id, cerca!.id));
    const res = await mover(o.pedidoId, 'comprador', 'anulado', 'Con 30 kg no me alcanza');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ estado: 'anulado', parcial: true });
    expect(await lotesDe(o.ofertas[0]!)).toEqual([
      [500, LEJOS],
      [30, CERCA],
    ]);
    expect(await lotesDe(o.ofertas[1]!)).toEqual([[150, LEJOS]]);
    // Its supplier is told not to prepare it, with the buyer's reason.
    const [aviso] = await db()
      .select()
      .from(correoSaliente)
      .where(like(correoSaliente.asunto, `Pedido N° ${o.pedidoId} anulado por %`));
    expect(aviso!.texto).toContain('Motivo: Con 30 kg no me alcanza');

    // Once dispatched it is on its way: no longer.
    const despachado = await pedidoDeDosLineas();
    expect((await confirmar(despachado.pedidoId, 'proveedor', [{ id: despachado.lomo, cantidad: 30 }])).statusCode).toBe(200);
    expect((await mover(despachado.pedidoId, 'proveedor', 'despachado')).statusCode).toBe(200);
    expect((await mover(despachado.pedidoId, 'comprador', 'anulado')).statusCode).toBe(409);
  });

  it('an annulled pedido is not confirmed with quantities: its stock went back once, whole', async () => {
    const o = await pedidoDeDosLineas();
    expect((await mover(o.pedidoId, 'comprador', 'anulado')).statusCode).toBe(200);
    expect(await confirmar(o.pedidoId, 'proveedor', [{ id: o.lomo, cantidad: 30 }])).toMatchObject({
      statusCode: 400,
      body: JSON.stringify({ lineas: [LINEAS_SOLO_PENDIENTE] }),
    });
    expect(await lotesDe(o.ofertas[0]!)).toEqual([
      [60, CERCA],
      [500, LEJOS],
    ]);
  });

  it('a line named with all it ordered is not short; naming none confirms it whole', async () => {
    const o = await pedidoDeDosLineas();
    const res = await confirmar(o.pedidoId, 'proveedor', [{ id: o.lomo, cantidad: 100 }]);
    expect(res.json()).toMatchObject({ estado: 'confirmado', parcial: false, total: 800_000, eventos: [{}, { motivo: null }] });
    const otro = await pedidoDeDosLineas();
    expect((await confirmar(otro.pedidoId, 'proveedor', [])).json()).toMatchObject({ estado: 'confirmado', parcial: false, total: 800_000 });
  });

  it('every line at 0 is a rejection: all its stock back, the rejection e-mail, its reason the one given or a default', async () => {
    const o = await pedidoDeDosLineas();
    const res = await confirmar(o.pedidoId, 'proveedor', [
      { id: o.lomo, cantidad: 0 },
      { id: o.posta, cantidad: 0 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ estado: 'rechazado', parcial: false, eventos: [{}, { estado: 'rechazado', motivo: MOTIVO_SIN_CANTIDADES }] });
    expect(await lotesDe(o.ofertas[0]!)).toEqual([
      [60, CERCA],
      [500, LEJOS],
    ]);
    expect(await lotesDe(o.ofertas[1]!)).toEqual([[150, LEJOS]]);
    const [correo] = await correosPara(ctx.t, ROLES.comprador);
    expect(correo!.asunto).toBe(`Tu pedido N° ${o.pedidoId} a ${o.pedidos[0]!.proveedor} fue rechazado`);
    expect(correo!.texto).toContain(`Motivo: ${MOTIVO_SIN_CANTIDADES}`);
    expect(correo!.texto).toContain('/cotizar?');

    const otro = await pedidoDeDosLineas();
    const conMotivo = await confirmar(
      otro.pedidoId,
      'proveedor',
      [
        { id: otro.lomo, cantidad: 0 },
        { id: otro.posta, cantidad: 0 },
      ],
      { motivo: 'Bodega inundada' },
    );
    expect(conMotivo.json().eventos.at(-1)).toMatchObject({ estado: 'rechazado', motivo: 'Bodega inundada' });
  });

  it('e-mails the buyer that it was confirmed partially: each short line ordered and confirmed, and the new total', async () => {
    const o = await pedidoDeDosLineas();
    expect((await confirmar(o.pedidoId, 'proveedor', [{ id: o.lomo, cantidad: 80 }])).statusCode).toBe(200);
    const [correo] = await correosPara(ctx.t, ROLES.comprador);
    expect(correo!.asunto).toBe(`Tu pedido N° ${o.pedidoId} a ${o.pedidos[0]!.proveedor} fue confirmado parcialmente`);
    expect(correo!.texto).toContain('confirmó parcialmente tu pedido');
    expect(correo!.texto).toContain('- Lomo vetado (Sopraval): pediste 100 kg, confirmó 80 kg');
    expect(correo!.texto).not.toContain('Posta negra (Sopraval): pediste');
    expect(correo!.texto).toContain('el pedido queda en $700.000 neto, $833.000 con IVA');
    expect(correo!.texto).toContain('80 kg (pediste 100 kg) × $5.000 = $400.000');
    expect(correo!.html).toContain('<li>Lomo vetado (Sopraval): pediste 100 kg, confirmó 80 kg</li>');
    expect(correo!.texto).not.toContain('Motivo:');
  });
});

describe('a partial confirmation refuses bad input with 400 and changes nothing', () => {
  it('a line of another pedido, a line twice, a quantity over the ordered, negative, with three decimals or not a number; quantities with another state or once confirmed', async () => {
    const o = await pedidoDeDosLineas();
    const ajeno = await pedidoDeDosLineas();
    const antes = await estadoDe(o);
    const casos: Array<[unknown, Record<string, unknown>, Record<string, string[]>]> = [
      [[{ id: ajeno.lomo, cantidad: 1 }], {}, { lineas: [lineaAjena(ajeno.lomo)] }],
      [[{ id: 2_000_000_000, cantidad: 1 }], {}, { lineas: [lineaAjena(2_000_000_000)] }],
      [
        [
          { id: o.lomo, cantidad: 1 },
          { id: o.lomo, cantidad: 2 },
        ],
        {},
        { lineas: [LINEA_REPETIDA] },
      ],
      [
        [
          { id: o.posta, cantidad: 1 },
          { id: o.lomo, cantidad: 100.01 },
        ],
        {},
        { 'lineas.1.cantidad': ['No puedes confirmar más de lo pedido (100 kg).'] },
      ],
      [[{ id: o.lomo, cantidad: 80.005 }], {}, { 'lineas.0.cantidad': [CANTIDAD_DOS_DECIMALES] }],
      [[{ id: o.lomo, cantidad: -1 }], {}, { lineas: [CANTIDAD_NEGATIVA] }],
      [[{ id: o.lomo, cantidad: '80' }], {}, { lineas: ['La cantidad debe ser un número.'] }],
      [[{ id: 'x', cantidad: 80 }], {}, { lineas: ['Línea inválida.'] }],
      ['todo', {}, { lineas: expect.any(Array) }],
      [[{ id: o.lomo, cantidad: 80 }], { estado: 'despachado' }, { lineas: [LINEAS_SOLO_AL_CONFIRMAR] }],
      [[{ id: o.lomo, cantidad: 80 }], { estado: 'rechazado', motivo: 'x' }, { lineas: [LINEAS_SOLO_AL_CONFIRMAR] }],
    ];
    for (const [lineas, extra, body] of casos) {
      const res = await confirmar(o.pedidoId, 'proveedor', lineas, extra);
      expect(res.statusCode, JSON.stringify(lineas)).toBe(400);
      expect(res.json(), JSON.stringify(lineas)).toEqual(body);
    }
    expect(await estadoDe(o)).toEqual(antes);

    // Once confirmed, its quantities no longer change.
    expect((await mover(o.pedidoId, 'proveedor', 'confirmado')).statusCode).toBe(200);
    const confirmado = await estadoDe(o);
    expect(await confirmar(o.pedidoId, 'proveedor', [{ id: o.lomo, cantidad: 80 }])).toMatchObject({
      statusCode: 400,
      body: JSON.stringify({ lineas: [LINEAS_SOLO_PENDIENTE] }),
    });
    expect(await estadoDe(o)).toEqual(confirmado);
  });
});

describe('who may confirm with quantities', () => {
  it('anonymous 401, the buyer 403, another supplier and a moderator 404, its supplier 200', async () => {
    const o = await pedidoDeDosLineas();
    const antes = await estadoDe(o);
    const lineas = [{ id: o.lomo, cantidad: 80 }];
    expect((await confirmar(o.pedidoId, 'anonimo', lineas)).statusCode).toBe(401);
    expect(await confirmar(o.pedidoId, 'comprador', lineas)).toMatchObject({ statusCode: 403, body: JSON.stringify({ detail: SOLO_PROVEEDOR }) });
    for (const role of ['otroProveedor', 'moderador'] as const) expect((await confirmar(o.pedidoId, role, lineas)).statusCode, role).toBe(404);
    expect(await estadoDe(o)).toEqual(antes);
    expect((await confirmar(o.pedidoId, 'proveedor', lineas)).statusCode).toBe(200);
  });
});
