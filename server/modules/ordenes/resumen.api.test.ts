import { describe, expect, it } from 'vitest';
import { createOfertaDePrueba, createProductoDePrueba } from '#server/test/ofertas';
import { LEJOS, setupPedidosTestApp } from '#server/test/pedidos';
import { actualizar, conClave, createFlujo, crearOrden, type Flujo } from '#server/test/cotizacion';

/** GET /api/facturacion/{cotizacion_id}/resumen/: what /facturacion shows before anything is bought. */
const { ctx, ids, otroComprador } = setupPedidosTestApp();

/** A quotation choosing 150 kg at $5,000 from one supplier and 120 kg at $3,000 from the other. */
async function seleccion(token?: string) {
  const { db } = ctx.t.database;
  const ofertas: number[] = [];
  const productos: number[] = [];
  for (const [proveedorId, tarifa] of [
    [ids.proveedor, 5000],
    [ids.otroProveedor, 3000],
  ] as const) {
    const p = await createProductoDePrueba(db);
    productos.push(p.id);
    ofertas.push(await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId, tarifa, lotes: [[500, LEJOS]] }));
  }
  const f = await createFlujo(
    ctx.t,
    productos.map((p) => [p, 200]),
    token,
  );
  const res = await actualizar(
    ctx.t,
    f,
    [
      [ofertas[0]!, 150],
      [ofertas[1]!, 120],
    ],
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return f;
}

const resumen = (f: Flujo, token?: string, clave: string | null = f.clave) =>
  ctx.t.request({ method: 'GET', url: `/api/facturacion/${f.cotizacionId}/resumen/`, token, headers: conClave(clave) });

describe('GET /api/facturacion/{id}/resumen/', () => {
  it('groups the chosen lines by supplier, priced as the order will charge them, with the delivery data', async () => {
    const f = await seleccion(ctx.tokens.comprador);
    const res = await resumen(f, ctx.tokens.comprador);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      cotizacion_id: f.cotizacionId,
      entrega: { nombre_contacto: 'Cocina Central', direccion_envio: 'Av. Providencia 1234', fecha_entrega: '2099-01-15', comuna_nombre: expect.any(String) },
      proveedores: [
        { proveedor: expect.any(String), subtotal: 750_000, lineas: [{ cantidad: 150, precio: 5000, subtotal: 750_000, unidad: 'KILO' }] },
        { proveedor: expect.any(String), subtotal: 360_000, lineas: [{ cantidad: 120, precio: 3000, subtotal: 360_000 }] },
      ],
      total: 1_110_000,
    });
    // The order then charges exactly that.
    const orden = await crearOrden(ctx.t, f, ctx.tokens.comprador);
    expect(orden.json().pedidos.map((p: { total: number }) => p.total)).toEqual([750_000, 360_000]);
  });

  it('answers its holder only: the buyer, or an anonymous visitor with the clave; anyone else 404', async () => {
    const propia = await seleccion(ctx.tokens.comprador);
    for (const [role, status] of [
      ['anonimo', 404],
      ['comprador', 200],
      ['proveedor', 404],
      ['otroProveedor', 404],
      ['moderador', 404],
    ] as const)
      expect((await resumen(propia, ctx.tokens[role])).statusCode, role).toBe(status);
    expect((await resumen(propia, otroComprador.access)).statusCode).toBe(404);

    const anonima = await seleccion();
    expect((await resumen(anonima)).statusCode).toBe(200);
    expect((await resumen(anonima, undefined, null)).statusCode).toBe(404);
    expect((await resumen(anonima, undefined, 'x'.repeat(43))).statusCode).toBe(404);
    expect((await ctx.t.request({ method: 'GET', url: '/api/facturacion/abc/resumen/' })).statusCode).toBe(400);
  });
});
