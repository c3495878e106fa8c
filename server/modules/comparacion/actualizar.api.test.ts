import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIN_PRODUCTOS } from '#common/schemas/cotizaciones';
import { CANTIDAD_ELEGIDA_INVALIDA, TOTAL_EXCESIVO } from '#common/schemas/comparacion';
import { opcion } from '#server/db/schema/cotizaciones';
import { proveedorProducto } from '#server/db/schema/proveedor';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';
import { archiveProveedorProducto } from '#server/modules/proveedor/proveedor.repository';
import { actualizar, createFlujo, createProductoConOfertas, crearOrden } from '#server/test/cotizacion';
import { YA_ORDENADA } from './comparacion.service';

/** PUT /api/cotizaciones/{id}/actualizar/: the buyer's final choice (docs/producto.md §4.4–4.6). */
const ctx = setupTestApp({ roleTokens: true });
let otroComprador: TestUser;

const LEJOS = '2099-06-01';
const opciones = (cotizacionId: number) =>
  ctx.t.database.db
    .select({ proveedor_producto_id: opcion.proveedor_producto_id, cantidad_proveida: opcion.cantidad_proveida, precio: opcion.precio, estado: opcion.estado })
    .from(opcion)
    .where(eq(opcion.cotizacion_id, cotizacionId))
    .orderBy(opcion.proveedor_producto_id);

beforeAll(async () => {
  otroComprador = await createUser(ctx.t, 'comprador');
});

describe('prices come from the server', () => {
  it('ignores a tampered precio and prices each item by its tier for the quantity chosen', async () => {
    const p = await createProductoConOfertas(ctx.t, [
      { tarifa: 5000, rangos: { 100: 4800, 300: 4500 }, lotes: [[400, LEJOS]] },
      { tarifa: 6000, lotes: [[200, LEJOS]] },
    ]);
    const f = await createFlujo(ctx.t, [[p.productoId, 400]], ctx.tokens.comprador);
    const [a, b] = p.ofertas as [number, number];
    const res = await actualizar(
      ctx.t,
      f,
      [
        [a, 300, 1],
        [b, 99.5, -7],
      ],
      ctx.tokens.comprador,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: f.cotizacionId });
    expect(await opciones(f.cotizacionId)).toEqual([
      { proveedor_producto_id: a, cantidad_proveida: 300, precio: 4500, estado: 'seleccionado' },
      { proveedor_producto_id: b, cantidad_proveida: 99.5, precio: 6000, estado: 'seleccionado' },
    ]);

    // A new choice: the offer left out becomes additional, the other is priced for its new quantity.
    const otra = await actualizar(ctx.t, f, [[a, 150, '4500']], ctx.tokens.comprador);
    expect(otra.statusCode, otra.body).toBe(200);
    expect(await opciones(f.cotizacionId)).toEqual([
      { proveedor_producto_id: a, cantidad_proveida: 150, precio: 4800, estado: 'seleccionado' },
      { proveedor_producto_id: b, cantidad_proveida: 99.5, precio: 6000, estado: 'adicional' },
    ]);
  });
});

describe('what can be chosen', () => {
  it('refuses more than an offer’s live stock, naming the product; lots expiring by delivery do not count; nothing changes', async () => {
    const p = await createProductoConOfertas(ctx.t, [
      {
        tarifa: 5000,
        lotes: [
          [80, LEJOS],
          [500, '2099-01-15'],
        ],
      },
    ]);
    const f = await createFlujo(ctx.t, [[p.productoId, 100]], ctx.tokens.comprador);
    const antes = await opciones(f.cotizacionId);
    const res = await actualizar(ctx.t, f, [[p.ofertas[0]!, 81]], ctx.tokens.comprador);
    expect(res.statusCode).toBe(400);
    const [mensaje] = res.json().productos;
    expect(mensaje).toMatch(/^Fila 1: Solo quedan 80 kg de "Producto de prueba [^"]+" de .+; elegiste 81\.$/);
    expect(await opciones(f.cotizacionId)).toEqual(antes);
    expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 80]], ctx.tokens.comprador)).statusCode).toBe(200);
  });

  it('an additional option the comparison showed (only selected ones are stored) and since archived is "ya no está disponible"', async () => {
    const p = await createProductoConOfertas(ctx.t, [
      { tarifa: 5000, lotes: [[300, LEJOS]] },
      { tarifa: 5100, lotes: [[300, LEJOS]] },
    ]);
    const f = await createFlujo(ctx.t, [[p.productoId, 200]], ctx.tokens.comprador);
    const [a, b] = p.ofertas as [number, number];
    expect((await opciones(f.cotizacionId)).map((o) => o.proveedor_producto_id)).toEqual([a]);
    const [dueno] = await ctx.t.database.db.select({ id: proveedorProducto.proveedor_id }).from(proveedorProducto).where(eq(proveedorProducto.id, b));
    expect(await archiveProveedorProducto(ctx.t.database.db, dueno!.id, b)).toBe(true);
    const res = await actualizar(ctx.t, f, [[b, 100]], ctx.tokens.comprador);
    expect(res.statusCode).toBe(400);
    expect(res.json().productos).toEqual([expect.stringMatching(/^Fila 1: "Producto de prueba [^"]+" de .+ ya no está disponible\.$/)]);
  });

  it('refuses an offer of another product, the same offer twice and an option that was archived, each on its row', async () => {
    const p = await createProductoConOfertas(ctx.t, [
      { tarifa: 5000, lotes: [[300, LEJOS]] },
      { tarifa: 5100, lotes: [[300, LEJOS]] },
    ]);
    const otro = await createProductoConOfertas(ctx.t, [{ tarifa: 100, lotes: [[300, LEJOS]] }]);
    const f = await createFlujo(ctx.t, [[p.productoId, 200]], ctx.tokens.comprador);
    const [a, b] = p.ofertas as [number, number];
    expect(
      (
        await actualizar(
          ctx.t,
          f,
          [
            [a, 100],
            [b, 100],
          ],
          ctx.tokens.comprador,
        )
      ).statusCode,
    ).toBe(200);
    const [dueno] = await ctx.t.database.db.select({ id: proveedorProducto.proveedor_id }).from(proveedorProducto).where(eq(proveedorProducto.id, b));
    expect(await archiveProveedorProducto(ctx.t.database.db, dueno!.id, b)).toBe(true);

    const res = await actualizar(
      ctx.t,
      f,
      [
        [a, 100],
        [otro.ofertas[0]!, 10],
        [a, 5],
        [b, 100],
        [2_000_000_000, 1],
      ],
      ctx.tokens.comprador,
    );
    expect(res.statusCode).toBe(400);
    const errores: string[] = res.json().productos;
    expect(errores).toHaveLength(4);
    expect(errores[0]).toBe(`Fila 2: La oferta ${otro.ofertas[0]} no es una opción de esta cotización.`);
    expect(errores[1]).toMatch(/^Fila 3: "Producto de prueba [^"]+" de .+ ya está en otra fila\.$/);
    expect(errores[2]).toMatch(/^Fila 4: "Producto de prueba [^"]+" de .+ ya no está disponible\.$/);
    expect(errores[3]).toBe('Fila 5: La oferta 2000000000 no es una opción de esta cotización.');
    // The earlier choice stands.
    expect((await opciones(f.cotizacionId)).map((o) => o.estado)).toEqual(['seleccionado', 'seleccionado']);
  });

  it('answers bad bodies with Spanish messages', async () => {
    const p = await createProductoConOfertas(ctx.t, [{ tarifa: 5000, lotes: [[300, LEJOS]] }]);
    const f = await createFlujo(ctx.t, [[p.productoId, 200]], ctx.tokens.comprador);
    const antes = await opciones(f.cotizacionId);
    const put = (payload: unknown) =>
      ctx.t.request({ method: 'PUT', url: `/api/cotizaciones/${f.cotizacionId}/actualizar/`, token: ctx.tokens.comprador, payload: payload as object });
    expect((await put({ productos: [] })).json()).toEqual({ productos: [SIN_PRODUCTOS] });
    // 5e-324 is above 0 but numeric(12,2) would store it as 0; 0.001 has three decimals.
    for (const cantidad of [0, -1, 10_000, 1.005, 'mucho', 5e-324, 0.001, '0.004']) {
      const res = await put({ productos: [{ proveedor_producto_id: p.ofertas[0], cantidad }] });
      expect(res.statusCode, String(cantidad)).toBe(400);
      expect(res.json(), String(cantidad)).toEqual({ productos: [CANTIDAD_ELEGIDA_INVALIDA] });
    }
    expect((await put({ productos: [{ proveedor_producto_id: 'x', cantidad: 1 }] })).json()).toEqual({ productos: ['Oferta inválida.'] });
    expect(await opciones(f.cotizacionId)).toEqual(antes);
  });

  it("refuses a product's choice under its category's minimum (0.01 kg, 1 kg), summed over its suppliers; nothing changes", async () => {
    const p = await createProductoConOfertas(ctx.t, [
      { tarifa: 5000, lotes: [[300, LEJOS]] },
      { tarifa: 5100, lotes: [[300, LEJOS]] },
    ]);
    const otro = await createProductoConOfertas(ctx.t, [{ tarifa: 4000, lotes: [[300, LEJOS]] }]);
    const f = await createFlujo(
      ctx.t,
      [
        [p.productoId, 200],
        [otro.productoId, 100],
      ],
      ctx.tokens.comprador,
    );
    const [a, b] = p.ofertas as [number, number];
    const antes = await opciones(f.cotizacionId);
    for (const cantidad of [0.01, 1, 99.99]) {
      const res = await actualizar(
        ctx.t,
        f,
        [
          [otro.ofertas[0]!, 100],
          [a, cantidad],
        ],
        ctx.tokens.comprador,
      );
      expect(res.statusCode, String(cantidad)).toBe(400);
      expect(res.json()).toEqual({ productos: ['Fila 2: La cantidad mínima debe ser de 100 kg.'] });
    }
    const dosProductos = await actualizar(
      ctx.t,
      f,
      [
        [a, 50],
        [otro.ofertas[0]!, 1],
      ],
      ctx.tokens.comprador,
    );
    expect(dosProductos.json()).toEqual({ productos: ['Fila 1: La cantidad mínima debe ser de 100 kg.', 'Fila 2: La cantidad mínima debe ser de 100 kg.'] });
    expect(await opciones(f.cotizacionId)).toEqual(antes);

    // 60 kg from one supplier and 40 from another make the 100 kg minimum.
    const repartida = await actualizar(
      ctx.t,
      f,
      [
        [a, 60],
        [b, 40],
        [otro.ofertas[0]!, 100],
      ],
      ctx.tokens.comprador,
    );
    expect(repartida.statusCode, repartida.body).toBe(200);
  });

  it('below the minimum, a product whose receivable stock is short can be bought whole, not in part', async () => {
    const p = await createProductoConOfertas(ctx.t, [
      { tarifa: 5000, lotes: [[30, LEJOS]] },
      { tarifa: 5100, lotes: [[20.5, LEJOS]] },
    ]);
    const f = await createFlujo(ctx.t, [[p.productoId, 100]], ctx.tokens.comprador);
    const [a, b] = p.ofertas as [number, number];
    const parte = await actualizar(ctx.t, f, [[a, 30]], ctx.tokens.comprador);
    expect(parte.json()).toEqual({ productos: ['Fila 1: La cantidad mínima debe ser de 100 kg; como solo quedan 50,5 kg, elige todo lo disponible.'] });
    const todo = await actualizar(
      ctx.t,
      f,
      [
        [a, 30],
        [b, 20.5],
      ],
      ctx.tokens.comprador,
    );
    expect(todo.statusCode, todo.body).toBe(200);
  });

  it("a product sold by the box says 'cajas' in its minimum, on the request and on the choice", async () => {
    const p = await createProductoConOfertas(ctx.t, [{ tarifa: 12000, lotes: [[500, LEJOS]] }], { unidadNombre: 'CAJA' });
    const solicitud = await ctx.t.request({
      method: 'POST',
      url: '/api/cotizaciones/crear-solicitud/',
      token: ctx.tokens.comprador,
      payload: { productos: [{ producto: p.productoId, cantidad: 1 }] },
    });
    expect(solicitud.statusCode).toBe(400);
    expect(solicitud.json()).toEqual({ productos: ['Fila 1: La cantidad mínima debe ser de 100 cajas.'] });
    const f = await createFlujo(ctx.t, [[p.productoId, 150]], ctx.tokens.comprador);
    const res = await actualizar(ctx.t, f, [[p.ofertas[0]!, 2]], ctx.tokens.comprador);
    expect(res.json()).toEqual({ productos: ['Fila 1: La cantidad mínima debe ser de 100 cajas.'] });
  });

  it('refuses a choice whose total an order could not hold (over $2.147.483.647), before billing; nothing changes', async () => {
    const p = await createProductoConOfertas(ctx.t, [{ tarifa: 10_000_000, lotes: [[300, LEJOS]] }]);
    const f = await createFlujo(ctx.t, [[p.productoId, 300]], ctx.tokens.comprador);
    const antes = await opciones(f.cotizacionId);
    const res = await actualizar(ctx.t, f, [[p.ofertas[0]!, 300]], ctx.tokens.comprador);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ productos: [TOTAL_EXCESIVO] });
    expect(await opciones(f.cotizacionId)).toEqual(antes);
    expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 214]], ctx.tokens.comprador)).statusCode).toBe(200);
  });

  it('refuses a change once the quotation was ordered (409)', async () => {
    const p = await createProductoConOfertas(ctx.t, [{ tarifa: 5000, lotes: [[300, LEJOS]] }]);
    const f = await createFlujo(ctx.t, [[p.productoId, 200]], ctx.tokens.comprador);
    expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 200]], ctx.tokens.comprador)).statusCode).toBe(200);
    expect((await crearOrden(ctx.t, f, ctx.tokens.comprador)).statusCode).toBe(201);
    const res = await actualizar(ctx.t, f, [[p.ofertas[0]!, 100]], ctx.tokens.comprador);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: YA_ORDENADA });
    expect(await opciones(f.cotizacionId)).toMatchObject([{ cantidad_proveida: 200 }]);
  });
});

describe('who may change a quotation', () => {
  it("a buyer's quotation is a 404 to anonymous, another buyer, a supplier and a moderator, and stays unchanged", async () => {
    const p = await createProductoConOfertas(ctx.t, [{ tarifa: 5000, lotes: [[300, LEJOS]] }]);
    const f = await createFlujo(ctx.t, [[p.productoId, 200]], ctx.tokens.comprador);
    const antes = await opciones(f.cotizacionId);
    for (const [rol, token] of [
      ['anonimo', undefined],
      ['otroComprador', otroComprador.access],
      ['proveedor', ctx.tokens.proveedor],
      ['moderador', ctx.tokens.moderador],
    ] as const) {
      const res = await actualizar(ctx.t, f, [[p.ofertas[0]!, 100]], token);
      expect(res.statusCode, rol).toBe(404);
      expect(res.json(), rol).toEqual({ detail: 'Cotización no encontrada.' });
    }
    expect(await opciones(f.cotizacionId)).toEqual(antes);
    expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 100]], ctx.tokens.comprador)).statusCode).toBe(200);
  });

  it('an anonymous quotation opens with its clave only; a user sending the clave takes it over', async () => {
    const p = await createProductoConOfertas(ctx.t, [{ tarifa: 5000, lotes: [[300, LEJOS]] }]);
    const f = await createFlujo(ctx.t, [[p.productoId, 200]]);
    expect(f.clave).toEqual(expect.any(String));
    expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 100]], undefined, null)).statusCode).toBe(404);
    expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 100]], undefined, 'clave-equivocada')).statusCode).toBe(404);
    expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 100]], ctx.tokens.proveedor, null)).statusCode).toBe(404);
    expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 100]])).statusCode).toBe(200);
    // The supplier logs in mid-flow and sends the clave: the quotation becomes its own.
    expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 120]], ctx.tokens.proveedor)).statusCode).toBe(200);
    expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 130]], ctx.tokens.proveedor, null)).statusCode).toBe(200);
    expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 140]])).statusCode).toBe(404);
    const [o] = await ctx.t.database.db
      .select({ c: opcion.cantidad_proveida })
      .from(opcion)
      .where(and(eq(opcion.cotizacion_id, f.cotizacionId), eq(opcion.estado, 'seleccionado')));
    expect(o!.c).toBe(130);
  });

  it('every role can choose on its own quotation', async () => {
    const p = await createProductoConOfertas(ctx.t, [{ tarifa: 5000, lotes: [[1000, LEJOS]] }]);
    for (const [rol, token] of [
      ['comprador', ctx.tokens.comprador],
      ['otroComprador', otroComprador.access],
      ['proveedor', ctx.tokens.proveedor],
      ['moderador', ctx.tokens.moderador],
    ] as const) {
      const f = await createFlujo(ctx.t, [[p.productoId, 100]], token);
      expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 100]], token)).statusCode, rol).toBe(200);
    }
  });
});
