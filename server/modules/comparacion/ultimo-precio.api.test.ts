import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { compararPreciosSchemaOut, type ResultadoComparacion } from '#common/schemas/comparacion';
import { orden, ordenLinea } from '#server/db/schema/ordenes';
import { proveedorProducto } from '#server/db/schema/proveedor';
import { actualizar, conClave, createFlujo, crearOrden } from '#server/test/cotizacion';
import { FACTURACION } from '#server/test/facturacion';
import { createOfertaDePrueba, createProductoDePrueba } from '#server/test/ofertas';
import { LEJOS, setupPedidosTestApp } from '#server/test/pedidos';
import type { RoleName } from '#server/test/roles';

/**
 * The price paid last time on each line of comparar-precios (docs/producto.md §16, docs/decisions/023):
 * the caller's account only, its newest order whose pedido was neither rejected nor annulled.
 */
const { ctx, ids, otroComprador } = setupPedidosTestApp();

const db = () => ctx.t.database.db;

/** A new product with one offer per supplier given ({proveedor: tarifa}), plenty of stock. */
async function producto(tarifas: Partial<Record<'proveedor' | 'otroProveedor', number>>, stock = 5000) {
  const p = await createProductoDePrueba(db());
  const ofertas: Partial<Record<'proveedor' | 'otroProveedor', number>> = {};
  for (const [quien, tarifa] of Object.entries(tarifas) as Array<['proveedor' | 'otroProveedor', number]>)
    ofertas[quien] = await createOfertaDePrueba(db(), {
      productoId: p.id,
      categoriaId: p.categoria_id,
      proveedorId: ids[quien],
      tarifa,
      lotes: [[stock, LEJOS]],
    });
  return { id: p.id, ofertas };
}

/** An order of `token` through the real flow, choosing [proveedor_producto_id, cantidad] of one product. */
async function comprar(token: string, productoId: number, eleccion: Array<[number, number]>) {
  const cantidad = eleccion.reduce((s, [, c]) => s + c, 0);
  const f = await createFlujo(ctx.t, [[productoId, cantidad]], token);
  const elegida = await actualizar(ctx.t, f, eleccion, token);
  expect(elegida.statusCode, elegida.body).toBe(200);
  const res = await crearOrden(ctx.t, f, token, FACTURACION);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { orden_id: number; pedidos: Array<{ id: number; proveedor: string }> };
}

/** comparar-precios of these products for `token` (anonymous when undefined): its lines, after checking the answer is exactly its schema. */
async function comparar(productos: number[], token?: string): Promise<ResultadoComparacion[]> {
  const f = await createFlujo(
    ctx.t,
    productos.map((p) => [p, 100]),
    token,
  );
  const res = await ctx.t.request({
    method: 'POST',
    url: '/api/cotizaciones/comparar-precios/',
    token,
    headers: conClave(f.clave),
    payload: { productos: productos.map((producto) => ({ producto, cantidad: 100 })), solicitudId: f.solicitudId },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  // The answer is written by hand, without a zod pass: it must be exactly what its schema describes.
  expect(compararPreciosSchemaOut.parse(body)).toEqual(body);
  return body.resultados;
}

const cambiarPrecio = async (ofertaId: number, tarifa: number) => {
  await db().update(proveedorProducto).set({ tarifa }).where(eq(proveedorProducto.id, ofertaId));
  // The comparison cache hears the offer's change from the database (docs/decisions/010).
  await ctx.t.settle();
};

const mover = (pedidoId: number, token: string | undefined, estado: string, motivo?: string) =>
  ctx.t.request({ method: 'POST', url: `/api/pedidos/${pedidoId}/estado/`, token, payload: { estado, ...(motivo ? { motivo } : {}) } });

describe('comparar-precios: ultimo_precio on each line', () => {
  it('is the account’s own: every other caller (anonymous, suppliers, moderator, another buyer) gets null, as does a product never bought', async () => {
    const comprado = await producto({ proveedor: 5000 });
    const nunca = await producto({ proveedor: 3000 });
    await comprar(ctx.tokens.comprador!, comprado.id, [[comprado.ofertas.proveedor!, 100]]);

    const [linea, otra] = await comparar([comprado.id, nunca.id], ctx.tokens.comprador);
    expect(linea!.ultimo_precio).toMatchObject({ precio: 5000 });
    expect(otra!.ultimo_precio).toBeNull();

    const otros: Array<[RoleName | 'otroComprador', string | undefined]> = [
      ['anonimo', undefined],
      ['proveedor', ctx.tokens.proveedor],
      ['otroProveedor', ctx.tokens.otroProveedor],
      ['moderador', ctx.tokens.moderador],
      ['otroComprador', otroComprador.access],
    ];
    for (const [quien, token] of otros) {
      const lineas = await comparar([comprado.id, nunca.id], token);
      expect(
        lineas.map((l) => l.ultimo_precio),
        quien,
      ).toEqual([null, null]);
    }
  });

  it('after an order: the unit price paid, the Chile day it was placed and its supplier; after a price change, today’s price in the options and last time’s beside it', async () => {
    const p = await producto({ proveedor: 4990 });
    const [antes] = await comparar([p.id], ctx.tokens.comprador);
    expect(antes!.ultimo_precio).toBeNull();
    const proveedor = antes!.opciones_seleccionadas[0]!.proveedor;

    const o = await comprar(ctx.tokens.comprador!, p.id, [[p.ofertas.proveedor!, 100]]);
    // 23:30 of 12 November in Santiago (UTC−3 in summer) is already the 13th in UTC.
    await db()
      .update(orden)
      .set({ creado_en: new Date('2026-11-13T02:30:00Z') })
      .where(eq(orden.id, o.orden_id));
    await cambiarPrecio(p.ofertas.proveedor!, 5140);

    const [linea] = await comparar([p.id], ctx.tokens.comprador);
    expect(linea!.opciones_seleccionadas.map((x) => x.precio)).toEqual([5140]);
    expect(linea!.ultimo_precio).toEqual({ precio: 4990, fecha: '2026-11-12', proveedor });
  });

  it('a rejected or an annulled pedido does not count: the order before it does', async () => {
    const p = await producto({ proveedor: 5000 });
    await comprar(ctx.tokens.comprador!, p.id, [[p.ofertas.proveedor!, 100]]);

    await cambiarPrecio(p.ofertas.proveedor!, 5200);
    const rechazada = await comprar(ctx.tokens.comprador!, p.id, [[p.ofertas.proveedor!, 100]]);
    expect((await comparar([p.id], ctx.tokens.comprador))[0]!.ultimo_precio).toMatchObject({ precio: 5200 });
    const rechazo = await mover(rechazada.pedidos[0]!.id, ctx.tokens.proveedor, 'rechazado', 'Sin camión esta semana.');
    expect(rechazo.statusCode, rechazo.body).toBe(200);
    expect((await comparar([p.id], ctx.tokens.comprador))[0]!.ultimo_precio).toMatchObject({ precio: 5000 });

    await cambiarPrecio(p.ofertas.proveedor!, 5400);
    const anulada = await comprar(ctx.tokens.comprador!, p.id, [[p.ofertas.proveedor!, 100]]);
    expect((await comparar([p.id], ctx.tokens.comprador))[0]!.ultimo_precio).toMatchObject({ precio: 5400 });
    const anulacion = await mover(anulada.pedidos[0]!.id, ctx.tokens.comprador, 'anulado');
    expect(anulacion.statusCode, anulacion.body).toBe(200);
    expect((await comparar([p.id], ctx.tokens.comprador))[0]!.ultimo_precio).toMatchObject({ precio: 5000 });
  });

  it('another account’s orders never count, each account sees its own', async () => {
    const p = await producto({ proveedor: 6000 });
    await comprar(otroComprador.access, p.id, [[p.ofertas.proveedor!, 100]]);
    expect((await comparar([p.id], ctx.tokens.comprador))[0]!.ultimo_precio).toBeNull();
    expect((await comparar([p.id], otroComprador.access))[0]!.ultimo_precio).toMatchObject({ precio: 6000 });

    await cambiarPrecio(p.ofertas.proveedor!, 6100);
    await comprar(ctx.tokens.comprador!, p.id, [[p.ofertas.proveedor!, 100]]);
    expect((await comparar([p.id], ctx.tokens.comprador))[0]!.ultimo_precio).toMatchObject({ precio: 6100 });
    expect((await comparar([p.id], otroComprador.access))[0]!.ultimo_precio).toMatchObject({ precio: 6000 });
  });

  it('the newest of two orders wins, with its own supplier', async () => {
    const p = await producto({ proveedor: 5000, otroProveedor: 4800 });
    await comprar(ctx.tokens.comprador!, p.id, [[p.ofertas.proveedor!, 100]]);
    const [primera] = await comparar([p.id], ctx.tokens.comprador);
    expect(primera!.ultimo_precio).toMatchObject({ precio: 5000 });
    const nombreDe = (ofertaId: number) =>
      [...primera!.opciones_seleccionadas, ...primera!.opciones_adicionales].find((x) => x.proveedor_producto_id === ofertaId)!.proveedor;

    await comprar(ctx.tokens.comprador!, p.id, [[p.ofertas.otroProveedor!, 100]]);
    const [linea] = await comparar([p.id], ctx.tokens.comprador);
    expect(linea!.ultimo_precio).toMatchObject({ precio: 4800, proveedor: nombreDe(p.ofertas.otroProveedor!) });
    expect(nombreDe(p.ofertas.otroProveedor!)).not.toBe(nombreDe(p.ofertas.proveedor!));
  });

  it('a product split between two suppliers in that order answers its largest line', async () => {
    const p = await producto({ proveedor: 4000, otroProveedor: 4500 });
    await comprar(ctx.tokens.comprador!, p.id, [
      [p.ofertas.proveedor!, 60],
      [p.ofertas.otroProveedor!, 140],
    ]);
    expect((await comparar([p.id], ctx.tokens.comprador))[0]!.ultimo_precio).toMatchObject({ precio: 4500 });
  });
});

describe('crear-orden', () => {
  it('writes each line’s product, which the price paid last time is read by', async () => {
    const a = await producto({ proveedor: 5000 });
    const o = await comprar(ctx.tokens.comprador!, a.id, [[a.ofertas.proveedor!, 100]]);
    const lineas = await db()
      .select({ producto_id: ordenLinea.producto_id, proveedor_producto_id: ordenLinea.proveedor_producto_id })
      .from(ordenLinea)
      .where(eq(ordenLinea.orden_id, o.orden_id))
      .orderBy(asc(ordenLinea.id));
    expect(lineas).toEqual([{ producto_id: a.id, proveedor_producto_id: a.ofertas.proveedor }]);
  });
});
