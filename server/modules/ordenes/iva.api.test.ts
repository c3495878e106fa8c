import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { condicionesProveedor } from '#server/db/schema/proveedor';
import { prepararProveedor } from '#server/test/proveedores';
import { createOfertaDePrueba, createProductoDePrueba } from '#server/test/ofertas';
import { LEJOS, setupPedidosTestApp } from '#server/test/pedidos';
import { actualizar, createFlujo, crearOrden } from '#server/test/cotizacion';

/**
 * Neto, IVA and Total on every answer that carries a total (docs/decisions/026: prices and fees are
 * net; a document adds 19 % once on its whole neto, rounded to the peso).
 */
const { ctx, ids } = setupPedidosTestApp();

/** Both demo suppliers charge $45 for delivery: odd netos, whose IVA rounds. */
beforeAll(async () => {
  const { db } = ctx.t.database;
  for (const id of [ids.proveedor, ids.otroProveedor]) await prepararProveedor(db, id);
  await db
    .update(condicionesProveedor)
    .set({ costo_despacho: 45, despacho_gratis_desde: null })
    .where(inArray(condicionesProveedor.proveedor_id, [ids.proveedor, ids.otroProveedor]));
});

/**
 * 100 kg at $4.500 from each demo supplier, plus its $45 fee: each part is $450.045 net, whose
 * 19 % is $85.508,55 → $85.509. Two such parts are $900.090, whose 19 % is $171.017,1 → $171.017,
 * a peso less than the pedidos' $85.509 + $85.509.
 */
async function dosPartes() {
  const { db } = ctx.t.database;
  const productos: number[] = [];
  const ofertas: number[] = [];
  for (const proveedorId of [ids.proveedor, ids.otroProveedor]) {
    const p = await createProductoDePrueba(db);
    productos.push(p.id);
    ofertas.push(await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId, tarifa: 4500, lotes: [[500, LEJOS]] }));
  }
  const f = await createFlujo(
    ctx.t,
    productos.map((p) => [p, 100]),
    ctx.tokens.comprador,
  );
  return { f, ofertas };
}

const NETO_PARTE = 450_045;
const PARTE = { neto: NETO_PARTE, iva: 85_509, total_con_iva: 535_554 };
const ORDEN = { neto: 900_090, iva: 171_017, total_con_iva: 1_071_107 };

describe('IVA on the answers', () => {
  it('the comparison answers its delivered total as neto, its IVA rounded once, and total_con_iva', async () => {
    const { f } = await dosPartes();
    expect(f.comparacion).toMatchObject({ total: ORDEN.neto, ...ORDEN });
  });

  it('a one-supplier comparison of $12.345 net answers IVA $2.346 (19 % is $2.345,55)', async () => {
    const { db } = ctx.t.database;
    const p = await createProductoDePrueba(db);
    // 100 kg at $123 and the $45 fee.
    await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId: ids.proveedor, tarifa: 123, lotes: [[500, LEJOS]] });
    const f = await createFlujo(ctx.t, [[p.id, 100]], ctx.tokens.comprador);
    expect(f.comparacion).toMatchObject({ total: 12_345, neto: 12_345, iva: 2_346, total_con_iva: 14_691 });
  });

  it('the purchase summary and crear-orden answer the same amounts; the order’s IVA is once on its neto, not the sum of its pedidos’', async () => {
    const { f, ofertas } = await dosPartes();
    const elegida = await actualizar(
      ctx.t,
      f,
      ofertas.map((o) => [o, 100]),
      ctx.tokens.comprador,
    );
    expect(elegida.statusCode, elegida.body).toBe(200);

    const resumen = await ctx.t.request({ method: 'GET', url: `/api/facturacion/${f.cotizacionId}/resumen/`, token: ctx.tokens.comprador });
    expect(resumen.statusCode, resumen.body).toBe(200);
    expect(resumen.json()).toMatchObject({ total: ORDEN.neto, ...ORDEN });

    const res = await crearOrden(ctx.t, f, ctx.tokens.comprador);
    expect(res.statusCode, res.body).toBe(201);
    const orden = res.json();
    expect(orden).toMatchObject({
      ...ORDEN,
      pedidos: [
        { total: NETO_PARTE, ...PARTE },
        { total: NETO_PARTE, ...PARTE },
      ],
    });
    expect(orden.iva).not.toBe(orden.pedidos[0].iva + orden.pedidos[1].iva);

    // Placing it again answers the order as it stands, with the same amounts.
    const otra = await crearOrden(ctx.t, f, ctx.tokens.comprador);
    expect(otra.statusCode, otra.body).toBe(200);
    expect(otra.json()).toMatchObject({ orden_id: orden.orden_id, ...ORDEN, pedidos: [PARTE, PARTE] });

    // A pedido rejected since no longer counts in the order's amounts; it keeps its own.
    const rechazo = await ctx.t.request({
      method: 'POST',
      url: `/api/pedidos/${orden.pedidos[1].id}/estado/`,
      token: ctx.tokens.otroProveedor,
      payload: { estado: 'rechazado', motivo: 'Sin stock' },
    });
    expect(rechazo.statusCode, rechazo.body).toBe(200);
    const despues = await crearOrden(ctx.t, f, ctx.tokens.comprador);
    expect(despues.json()).toMatchObject({ ...PARTE, pedidos: [PARTE, PARTE] });
  });
});
