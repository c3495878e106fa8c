import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONDICIONES_POR_DEFECTO } from '#common/despacho';
import { TOTAL_EXCESIVO } from '#common/schemas/comparacion';
import { ENLACE_CONFIRMAR_INVALIDO, ENLACE_CONFIRMAR_VENCIDO, RESUMEN_CAMBIADO } from '#common/schemas/ordenes';
import { orden, ordenPorConfirmar } from '#server/db/schema/ordenes';
import { lote } from '#server/db/schema/proveedor';
import { correoSaliente } from '#server/db/schema/usuario';
import { hashClave } from '#server/http/clave';
import { actualizar, conClave, createFlujo, crearOrden, ENTREGA, type Flujo } from '#server/test/cotizacion';
import { createOfertaDePrueba, createProductoDePrueba } from '#server/test/ofertas';
import { LEJOS, proveedorIds } from '#server/test/pedidos';
import { confirmar, tokenConfirmar } from '#server/test/por-confirmar';
import type { RoleName } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';
import { createUser, uniqueEmail } from '#server/test/users';
import { mensajesPorConfirmar, SIN_CORREO_CONTACTO } from './ordenes.service';

/**
 * An order placed without an account waits for its contact to confirm it from the e-mail
 * (docs/decisions/007, 'Órdenes sin cuenta'): POST crear-orden answers 202 and takes nothing;
 * POST /api/ordenes/confirmar/ {token} buys it as crear-orden does; 30 minutes, then it lapses;
 * at most 3 waiting per address and per IP.
 */
const ctx = setupTestApp({ roleTokens: true });
const db = () => ctx.t.database.db;
let ids: { proveedor: number; otroProveedor: number };
let ip = 0;
/** Each test's requests come from an IP of their own unless the IP is what it tests. */
const nuevaIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  ids = await proveedorIds(ctx.t);
});
afterEach(() => {
  vi.useRealTimers();
});

const stockDe = async (ofertaId: number) =>
  (await db().select({ cantidad: lote.cantidad }).from(lote).where(eq(lote.proveedor_producto_id, ofertaId)).orderBy(asc(lote.id))).map((l) =>
    Number(l.cantidad),
  );
const ordenesDe = (cotizacionId: number) => db().select().from(orden).where(eq(orden.cotizacion_id, cotizacionId));
const retenidas = async () => (await db().select({ n: count() }).from(ordenPorConfirmar))[0]!.n;
const correosA = (para: string) => db().select().from(correoSaliente).where(eq(correoSaliente.para, para)).orderBy(asc(correoSaliente.id));
/** The ids of the newest pedidos in a supplier's inbox. */
const pedidosQueVe = async (role: RoleName): Promise<number[]> => {
  const res = await ctx.t.request({ method: 'GET', url: '/api/pedidos/', token: ctx.tokens[role] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results.map((p: { id: number }) => p.id);
};

/** An anonymous request of `cantidad` of a new product sold by the demo supplier (one lot of `stock`), chosen and ready to order. */
async function seleccion(
  cantidad: number,
  { stock = 500, correo = uniqueEmail('contacto'), productoId }: { stock?: number; correo?: string; productoId?: number } = {},
) {
  const p = productoId === undefined ? await createProductoDePrueba(db()) : { id: productoId };
  const ofertaId =
    productoId === undefined
      ? await createOfertaDePrueba(db(), {
          productoId: p.id,
          categoriaId: (p as { categoria_id: number }).categoria_id,
          proveedorId: ids.proveedor,
          tarifa: 5000,
          lotes: [[stock, LEJOS]],
        })
      : undefined;
  const f = await createFlujo(ctx.t, [[p.id, Math.max(100, cantidad)]], undefined, { correo_contacto: correo, nombre_contacto: 'Gánate un premio' });
  return { f, productoId: p.id, ofertaId, correo };
}

async function elegir(f: Flujo, ofertaId: number, cantidad: number) {
  const res = await actualizar(ctx.t, f, [[ofertaId, cantidad]]);
  expect(res.statusCode, res.body).toBe(200);
}

/** crear-orden without an account, from `remoteAddress`. */
const colocar = (f: Flujo, remoteAddress = nuevaIp(), extra: Record<string, unknown> = {}) =>
  ctx.t.request({
    method: 'POST',
    url: '/api/facturacion/crear-orden/',
    headers: conClave(f.clave),
    remoteAddress,
    payload: { cotizacion_id: f.cotizacionId, cotizante_id: f.cotizanteId, ...extra },
  });

/** A held order: chosen, placed (202), and the token of its e-mail. */
async function retenida(cantidad = 100, opciones: Parameters<typeof seleccion>[1] = {}) {
  const e = await seleccion(cantidad, opciones);
  await elegir(e.f, e.ofertaId!, cantidad);
  const res = await colocar(e.f);
  expect(res.statusCode, res.body).toBe(202);
  return { ...e, token: await tokenConfirmar(ctx.t, e.correo) };
}

describe('an order without an account waits for its contact', () => {
  it('takes no stock and no supplier sees it; its e-mail carries the link and nothing the requester typed', async () => {
    const e = await seleccion(120);
    await elegir(e.f, e.ofertaId!, 120);
    const antes = await pedidosQueVe('proveedor');
    const res = await colocar(e.f, nuevaIp(), { razon_social: 'Compre ya en spam punto cl', direccion_facturacion: 'Visite spam 123' });
    expect(res.statusCode, res.body).toBe(202);
    const { vence_en, ...resto } = res.json();
    expect(resto).toEqual({ por_confirmar: true, correo: e.correo });
    expect(Date.parse(vence_en) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(vence_en) - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    expect(await stockDe(e.ofertaId!)).toEqual([500]);
    expect(await ordenesDe(e.f.cotizacionId)).toEqual([]);
    expect(await pedidosQueVe('proveedor')).toEqual(antes);

    const correos = await correosA(e.correo);
    expect(correos.map((c) => c.asunto)).toEqual(['Confirma tu orden']);
    const [correo] = correos;
    const token = correo!.texto.match(/http:\/\/localhost:\d+\/confirmar-orden\/([\w-]{43})\b/)?.[1];
    expect(token).toBeDefined();
    expect(correo!.html).toContain(`/confirmar-orden/${token}`);
    for (const escrito of ['Gánate un premio', 'spam', ENTREGA.direccion_envio, ENTREGA.telefono_contacto]) {
      expect(correo!.texto).not.toContain(escrito);
      expect(correo!.html).not.toContain(escrito);
    }
    expect(correo!.texto).toContain('120 kg');
    expect(correo!.texto).toContain('Neto: $600.000\nIVA (19 %): $114.000\nTotal de la orden: $714.000');
    // Only the hash is stored.
    const [fila] = await db().select().from(ordenPorConfirmar).where(eq(ordenPorConfirmar.cotizacion_id, e.f.cotizacionId));
    expect(fila).toMatchObject({ token_hash: hashClave(token!), correo: e.correo, orden_id: null });
    expect(JSON.stringify(fila)).not.toContain(token!);
  });

  it('confirming takes the stock, makes the pedidos and sends today’s e-mails; confirming again, or placing again, is the same order', async () => {
    const e = await retenida(120);
    const antes = await pedidosQueVe('proveedor');
    const res = await confirmar(ctx.t, e.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      orden_id: expect.any(Number),
      cotizacion_id: e.f.cotizacionId,
      pedidos: [expect.objectContaining({ total: 600_000, neto: 600_000, iva: 114_000, total_con_iva: 714_000 })],
      neto: 600_000,
      iva: 114_000,
      total_con_iva: 714_000,
      seguimiento: expect.any(String),
    });
    const ordenId = res.json().orden_id;
    expect(await stockDe(e.ofertaId!)).toEqual([380]);
    expect(await ordenesDe(e.f.cotizacionId)).toMatchObject([{ id: ordenId, usuario_id: null, correo_comprador: e.correo }]);
    expect((await pedidosQueVe('proveedor'))[0]).toBe(res.json().pedidos[0].id);
    expect(antes).not.toContain(res.json().pedidos[0].id);
    expect((await correosA(e.correo)).map((c) => c.asunto)).toEqual(['Confirma tu orden', `Recibimos tu orden N° ${ordenId}`]);

    const otra = await confirmar(ctx.t, e.token);
    expect(otra.statusCode, otra.body).toBe(200);
    const { seguimiento: _, ...hecha } = res.json();
    expect(otra.json()).toEqual(hecha);
    const denuevo = await colocar(e.f);
    expect(denuevo.statusCode).toBe(200);
    expect(denuevo.json().orden_id).toBe(ordenId);
    expect(await stockDe(e.ofertaId!)).toEqual([380]);
    expect((await correosA(e.correo)).length).toBe(2);
  });

  it('confirmations sent at once, by one link or by two links of one quotation, are one order', async () => {
    const e = await retenida(100);
    const segunda = await colocar(e.f);
    expect(segunda.statusCode).toBe(202);
    const otroToken = await tokenConfirmar(ctx.t, e.correo);
    expect(otroToken).not.toBe(e.token);
    const res = await Promise.all([confirmar(ctx.t, e.token), confirmar(ctx.t, otroToken), confirmar(ctx.t, e.token), confirmar(ctx.t, otroToken)]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(res.map((r) => r.json().orden_id)).size).toBe(1);
    expect(await ordenesDe(e.f.cotizacionId)).toHaveLength(1);
    expect(await stockDe(e.ofertaId!)).toEqual([400]);
    // Both links now name the order: neither counts against the address's cap.
    expect(
      await db()
        .select({ n: count() })
        .from(ordenPorConfirmar)
        .where(and(eq(ordenPorConfirmar.correo, e.correo), sql`orden_id is null`)),
    ).toEqual([{ n: 0 }]);
  });

  it('stock another order took meanwhile: 409 in Spanish, nothing bought; stock already short is said when placing', async () => {
    const a = await retenida(400);
    const b = await seleccion(400, { productoId: a.productoId });
    await elegir(b.f, a.ofertaId!, 400);
    expect((await colocar(b.f)).statusCode).toBe(202);
    const tokenB = await tokenConfirmar(ctx.t, b.correo);
    expect((await confirmar(ctx.t, a.token)).statusCode).toBe(201);
    const res = await confirmar(ctx.t, tokenB);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/^No queda stock suficiente de .+: pediste 400 kg y quedan 100\.$/);
    expect(await stockDe(a.ofertaId!)).toEqual([100]);
    expect(await ordenesDe(b.f.cotizacionId)).toEqual([]);

    // 100 left: C holds 100, D chooses the same 100. C confirmed, D's placing finds the stock short: a 409 at once, and no e-mail.
    const c = await seleccion(100, { productoId: a.productoId });
    await elegir(c.f, a.ofertaId!, 100);
    expect((await colocar(c.f)).statusCode).toBe(202);
    const d = await seleccion(100, { productoId: a.productoId });
    await elegir(d.f, a.ofertaId!, 100);
    expect((await confirmar(ctx.t, await tokenConfirmar(ctx.t, c.correo))).statusCode).toBe(201);
    const tarde = await colocar(d.f);
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().detail).toMatch(/^No queda stock suficiente de .+: pediste 100 kg y quedan 0\.$/);
    expect(await correosA(d.correo)).toEqual([]);
  });

  it('what the buyer confirmed on /facturacion still holds at confirmation: a fee changed meanwhile is a 409 resumen_cambiado', async () => {
    const p = await createUser(ctx.t, 'proveedor');
    const producto = await createProductoDePrueba(db());
    const ofertaId = await createOfertaDePrueba(db(), {
      productoId: producto.id,
      categoriaId: producto.categoria_id,
      proveedorId: p.id,
      tarifa: 100,
      lotes: [[500, LEJOS]],
    });
    const e = await seleccion(100, { productoId: producto.id });
    await elegir(e.f, ofertaId, 100);
    const resumen = (await ctx.t.request({ method: 'GET', url: `/api/facturacion/${e.f.cotizacionId}/resumen/`, headers: conClave(e.f.clave) })).json();
    const confirmado = {
      resumen_confirmado: {
        total: resumen.total,
        proveedores: resumen.proveedores.map(({ proveedor_id, fecha_entrega }: never) => ({ proveedor_id, fecha_entrega })),
      },
    };
    expect((await colocar(e.f, nuevaIp(), confirmado)).statusCode).toBe(202);
    const cambio = await ctx.t.request({
      method: 'PUT',
      url: '/api/proveedor/condiciones/',
      token: p.access,
      payload: { ...CONDICIONES_POR_DEFECTO, comunas: [ENTREGA.comuna], costo_despacho: 4_990 },
    });
    expect(cambio.statusCode, cambio.body).toBe(200);
    const res = await confirmar(ctx.t, await tokenConfirmar(ctx.t, e.correo));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'El total de tu compra cambió de $11.900 a $17.838 (IVA incluido). Cotiza de nuevo para comprar con estos cambios.',
      code: RESUMEN_CAMBIADO,
    });
    expect(await ordenesDe(e.f.cotizacionId)).toEqual([]);
    expect(await stockDe(ofertaId)).toEqual([500]);
    // The summary as placed is checked when placing too, as for a buyer with an account.
    expect((await colocar(e.f, nuevaIp(), confirmado)).json().code).toBe(RESUMEN_CAMBIADO);
  });

  it('a total an order could not hold is refused when placing (nothing held, no e-mail) and when confirming (a fee raised meanwhile): 409, nothing bought', async () => {
    const p = await createUser(ctx.t, 'proveedor');
    const producto = await createProductoDePrueba(db());
    const ofertaId = await createOfertaDePrueba(db(), {
      productoId: producto.id,
      categoriaId: producto.categoria_id,
      proveedorId: p.id,
      tarifa: 10_000_000,
      lotes: [[500, LEJOS]],
    });
    // comparar-precios' own choice, 300 kg at $10.000.000: placed without actualizar.
    const grande = await seleccion(300, { productoId: producto.id });
    const antes = await retenidas();
    const res = await colocar(grande.f);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ detail: TOTAL_EXCESIVO });
    expect(await retenidas()).toBe(antes);
    expect(await correosA(grande.correo)).toEqual([]);

    // 214 kg is $2.140.000.000 and is held; a fee of $10.000.000 since makes it $2.150.000.000.
    const e = await seleccion(214, { productoId: producto.id });
    await elegir(e.f, ofertaId, 214);
    expect((await colocar(e.f)).statusCode).toBe(202);
    const cambio = await ctx.t.request({
      method: 'PUT',
      url: '/api/proveedor/condiciones/',
      token: p.access,
      payload: { ...CONDICIONES_POR_DEFECTO, comunas: [ENTREGA.comuna], costo_despacho: 10_000_000 },
    });
    expect(cambio.statusCode, cambio.body).toBe(200);
    const token = await tokenConfirmar(ctx.t, e.correo);
    const confirmacion = await confirmar(ctx.t, token);
    expect(confirmacion.statusCode, confirmacion.body).toBe(409);
    expect(confirmacion.json()).toEqual({ detail: TOTAL_EXCESIVO });
    expect(await ordenesDe(e.f.cotizacionId)).toEqual([]);
    expect(await stockDe(ofertaId)).toEqual([500]);
    expect(
      await db().select({ orden_id: ordenPorConfirmar.orden_id }).from(ordenPorConfirmar).where(eq(ordenPorConfirmar.cotizacion_id, e.f.cotizacionId)),
    ).toEqual([{ orden_id: null }]);
  });

  it('a logged-in buyer orders as today: 201 at once, no e-mail to confirm, nothing held', async () => {
    const producto = await createProductoDePrueba(db());
    const ofertaId = await createOfertaDePrueba(db(), {
      productoId: producto.id,
      categoriaId: producto.categoria_id,
      proveedorId: ids.proveedor,
      tarifa: 5000,
      lotes: [[500, LEJOS]],
    });
    const correo = uniqueEmail('con-cuenta');
    const f = await createFlujo(ctx.t, [[producto.id, 100]], ctx.tokens.comprador, { correo_contacto: correo });
    expect((await actualizar(ctx.t, f, [[ofertaId, 100]], ctx.tokens.comprador)).statusCode).toBe(200);
    const antes = await retenidas();
    const res = await crearOrden(ctx.t, f, ctx.tokens.comprador);
    expect(res.statusCode, res.body).toBe(201);
    expect(await stockDe(ofertaId)).toEqual([400]);
    expect(await retenidas()).toBe(antes);
    expect(await correosA(correo)).toEqual([]);
  });
});

describe('30 minutes, then it lapses', () => {
  it('confirmed at 29:59 it buys; at 30:00 it is a 410 that buys nothing (the clock moved, no sleeping)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = new Date('2099-01-10T15:00:00Z');
    vi.setSystemTime(t0);
    const a = await retenida(100);
    const b = await retenida(100);
    vi.setSystemTime(new Date(t0.getTime() + 30 * 60_000 - 1_000));
    expect((await confirmar(ctx.t, a.token)).statusCode).toBe(201);
    vi.setSystemTime(new Date(t0.getTime() + 30 * 60_000));
    const tarde = await confirmar(ctx.t, b.token);
    expect(tarde.statusCode).toBe(410);
    expect(tarde.json()).toEqual({ detail: ENLACE_CONFIRMAR_VENCIDO });
    expect(await ordenesDe(b.f.cotizacionId)).toEqual([]);
    expect(await stockDe(b.ofertaId!)).toEqual([500]);
    // A confirmed link still answers its order after its 30 minutes.
    expect((await confirmar(ctx.t, a.token)).statusCode).toBe(200);
  });

  it('a link created 31 minutes ago in the database is lapsed too', async () => {
    const e = await retenida(100);
    await db()
      .update(ordenPorConfirmar)
      .set({ creado_en: sql`now() - interval '31 minutes'`, vence_en: sql`now() - interval '1 minute'` })
      .where(eq(ordenPorConfirmar.cotizacion_id, e.f.cotizacionId));
    expect((await confirmar(ctx.t, e.token)).statusCode).toBe(410);
  });

  it('one left unconfirmed is deleted by the next one held, once it lapsed over a day ago; confirmed ones stay, answering their order', async () => {
    const viejo = await retenida(100);
    const reciente = await retenida(100);
    const confirmado = await retenida(100);
    expect((await confirmar(ctx.t, confirmado.token)).statusCode).toBe(201);
    const vencio = (e: Flujo, hace: string) =>
      db()
        .update(ordenPorConfirmar)
        .set({ creado_en: sql`now() - ${hace}::interval - interval '30 minutes'`, vence_en: sql`now() - ${hace}::interval` })
        .where(eq(ordenPorConfirmar.cotizacion_id, e.cotizacionId));
    await vencio(viejo.f, '24 hours 1 minute');
    await vencio(reciente.f, '23 hours 59 minutes');
    await vencio(confirmado.f, '30 days');
    const quedan = async () =>
      (
        await db()
          .select({ cotizacion_id: ordenPorConfirmar.cotizacion_id })
          .from(ordenPorConfirmar)
          .where(inArray(ordenPorConfirmar.cotizacion_id, [viejo.f.cotizacionId, reciente.f.cotizacionId, confirmado.f.cotizacionId]))
          .orderBy(asc(ordenPorConfirmar.id))
      ).map((r) => r.cotizacion_id);
    expect(await quedan()).toEqual([viejo.f.cotizacionId, reciente.f.cotizacionId, confirmado.f.cotizacionId]);

    await retenida(100);
    expect(await quedan()).toEqual([reciente.f.cotizacionId, confirmado.f.cotizacionId]);
    const borrado = await confirmar(ctx.t, viejo.token);
    expect(borrado.statusCode).toBe(404);
    expect(borrado.json()).toEqual({ detail: ENLACE_CONFIRMAR_INVALIDO });
    expect(await ordenesDe(viejo.f.cotizacionId)).toEqual([]);
    expect((await confirmar(ctx.t, reciente.token)).json()).toEqual({ detail: ENLACE_CONFIRMAR_VENCIDO });
    expect((await confirmar(ctx.t, confirmado.token)).statusCode).toBe(200);
  });

  it('an unknown token is a 404, a malformed one a 400, both in Spanish and writing nothing', async () => {
    const e = await retenida(100);
    const casi = `${e.token.slice(0, -1)}${e.token.endsWith('A') ? 'B' : 'A'}`;
    const desconocido = await confirmar(ctx.t, casi);
    expect(desconocido.statusCode).toBe(404);
    expect(desconocido.json()).toEqual({ detail: ENLACE_CONFIRMAR_INVALIDO });
    for (const malo of ['', 'con espacio', 'x'.repeat(101), 12, null, ['a'], { token: 'a' }, '../x']) {
      const res = await confirmar(ctx.t, malo);
      expect(res.statusCode, JSON.stringify(malo)).toBe(400);
      expect(res.json(), JSON.stringify(malo)).toEqual({ token: [ENLACE_CONFIRMAR_INVALIDO] });
    }
    // A control character is refused by the rule every text follows (docs/decisions/012).
    expect((await confirmar(ctx.t, 'a\u0000b')).statusCode).toBe(400);
    const sinCuerpo = await ctx.t.request({ method: 'POST', url: '/api/ordenes/confirmar/', payload: {} });
    expect(sinCuerpo.statusCode).toBe(400);
    expect(await ordenesDe(e.f.cotizacionId)).toEqual([]);
  });
});

describe('at most 3 unconfirmed orders per address and per IP', () => {
  it('the fourth to one address (in any case) is a 429 that writes nothing and e-mails nobody; one confirmed or lapsed makes room', async () => {
    const correo = uniqueEmail('tope');
    const tres = [];
    for (const c of [correo, correo.toUpperCase(), correo]) tres.push(await retenida(100, { correo: c }));
    const cuarta = await seleccion(100, { correo: correo.toUpperCase(), productoId: tres[0]!.productoId });
    await elegir(cuarta.f, tres[0]!.ofertaId!, 100);
    const antes = { filas: await retenidas(), correos: (await correosA(correo)).length + (await correosA(correo.toUpperCase())).length };
    const res = await colocar(cuarta.f);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: mensajesPorConfirmar.correo });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(29 * 60);
    expect(await retenidas()).toBe(antes.filas);
    expect((await correosA(correo)).length + (await correosA(correo.toUpperCase())).length).toBe(antes.correos);

    expect((await confirmar(ctx.t, tres[0]!.token)).statusCode).toBe(201);
    expect((await colocar(cuarta.f)).statusCode).toBe(202);
    expect((await colocar(cuarta.f)).statusCode).toBe(429);
    await db()
      .update(ordenPorConfirmar)
      .set({ vence_en: sql`now() - interval '1 second'` })
      .where(eq(ordenPorConfirmar.cotizacion_id, tres[1]!.f.cotizacionId));
    expect((await colocar(cuarta.f)).statusCode).toBe(202);
  });

  it('the fourth from one IP, to a fourth address, is a 429 too', async () => {
    const ipUnica = nuevaIp();
    const producto = await createProductoDePrueba(db());
    const ofertaId = await createOfertaDePrueba(db(), {
      productoId: producto.id,
      categoriaId: producto.categoria_id,
      proveedorId: ids.proveedor,
      tarifa: 5000,
      lotes: [[5000, LEJOS]],
    });
    const flujos = [];
    for (let i = 0; i < 4; i++) {
      const e = await seleccion(100, { productoId: producto.id });
      await elegir(e.f, ofertaId, 100);
      flujos.push(e);
    }
    for (const e of flujos.slice(0, 3)) expect((await colocar(e.f, ipUnica)).statusCode).toBe(202);
    const res = await colocar(flujos[3]!.f, ipUnica);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: mensajesPorConfirmar.ip });
    expect(await correosA(flujos[3]!.correo)).toEqual([]);
    // From another connection the same address goes through.
    expect((await colocar(flujos[3]!.f, nuevaIp())).statusCode).toBe(202);
  });

  it('six placed at once to one address from six IPs: three wait, three are refused', async () => {
    const correo = uniqueEmail('a-la-vez');
    const producto = await createProductoDePrueba(db());
    const ofertaId = await createOfertaDePrueba(db(), {
      productoId: producto.id,
      categoriaId: producto.categoria_id,
      proveedorId: ids.proveedor,
      tarifa: 5000,
      lotes: [[5000, LEJOS]],
    });
    const flujos = [];
    for (let i = 0; i < 6; i++) {
      const e = await seleccion(100, { productoId: producto.id, correo });
      await elegir(e.f, ofertaId, 100);
      flujos.push(e);
    }
    const res = await Promise.all(flujos.map((e) => colocar(e.f)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([202, 202, 202, 429, 429, 429]);
    expect((await correosA(correo)).length).toBe(3);
  });

  it('a delivery record without an e-mail cannot hold an order: 400, nothing written', async () => {
    const e = await seleccion(100);
    await elegir(e.f, e.ofertaId!, 100);
    // The delivery form requires the e-mail; a record emptied in the database stands for one that has none.
    await db().execute(sql`update cotizante set correo_contacto = '' where id = ${e.f.cotizanteId}`);
    const antes = await retenidas();
    const res = await colocar(e.f);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: SIN_CORREO_CONTACTO });
    expect(await retenidas()).toBe(antes);
  });
});

describe('POST /api/ordenes/confirmar/ by role', () => {
  it('the token is the proof: any role confirms with it, the order stays without an account, only its supplier sees the pedido', async () => {
    for (const role of ['anonimo', 'comprador', 'proveedor', 'otroProveedor', 'moderador'] as const) {
      const e = await retenida(100);
      const antes = { proveedor: await pedidosQueVe('proveedor'), otroProveedor: await pedidosQueVe('otroProveedor') };
      const res = await confirmar(ctx.t, e.token, ctx.tokens[role]);
      expect(res.statusCode, role).toBe(201);
      const pedidoId = res.json().pedidos[0].id;
      expect(await ordenesDe(e.f.cotizacionId), role).toMatchObject([{ usuario_id: null }]);
      expect(antes.proveedor, role).not.toContain(pedidoId);
      expect((await pedidosQueVe('proveedor'))[0], role).toBe(pedidoId);
      expect(await pedidosQueVe('otroProveedor'), role).toEqual(antes.otroProveedor);
      if (role === 'comprador') {
        const suyas = (await ctx.t.request({ method: 'GET', url: '/api/ordenes/', token: ctx.tokens.comprador })).json();
        expect(JSON.stringify(suyas)).not.toContain(`"id":${res.json().orden_id},`);
      }
      for (const ajeno of ['otroProveedor', 'moderador'] as const)
        expect((await ctx.t.request({ method: 'GET', url: `/api/pedidos/${pedidoId}/`, token: ctx.tokens[ajeno] })).statusCode, ajeno).toBe(404);
    }
  });

  it('a broken session token is a 401 that confirms nothing; an unknown link is the same 404 for every role', async () => {
    const e = await retenida(100);
    const roto = await ctx.t.request({ method: 'POST', url: '/api/ordenes/confirmar/', headers: { authorization: 'JWT roto' }, payload: { token: e.token } });
    expect(roto.statusCode).toBe(401);
    expect(await ordenesDe(e.f.cotizacionId)).toEqual([]);
    for (const role of ['anonimo', 'comprador', 'proveedor', 'otroProveedor', 'moderador'] as const) {
      const res = await confirmar(ctx.t, 'B'.repeat(43), ctx.tokens[role]);
      expect(res.statusCode, role).toBe(404);
      expect(res.json()).toEqual({ detail: ENLACE_CONFIRMAR_INVALIDO });
    }
  });
});
