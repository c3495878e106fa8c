import { ENTREGA } from '#server/test/entrega';
import { asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compararPreciosSchemaOut } from '#common/schemas/comparacion';
import { hoyEnChile } from '#common/fecha';
import { CLAVE_COTIZACION_HEADER } from '#common/schemas/cotizaciones';
import { cotizacion, opcion } from '#server/db/schema/cotizaciones';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';
import { createOfertaDePrueba, createProductoDePrueba, findProveedorIds } from '#server/test/ofertas';

const ctx = setupTestApp({ roleTokens: true });
const API = '/api/cotizaciones';
const conClave = (clave?: string | null): Record<string, string> => (clave ? { [CLAVE_COTIZACION_HEADER]: clave } : {});
const call = (method: 'POST' | 'PUT', url: string, payload: object, token?: string, clave?: string | null) =>
  ctx.t.request({ method, url: `${API}/${url}`, payload, token, headers: conClave(clave) });

const entrega = (solicitudId: number, fecha = ENTREGA.fecha_entrega) => ({ ...ENTREGA, fecha_entrega: fecha, solicitud_id: solicitudId });

/** A request of `filas` by `token` (anonymous when undefined), with a delivery record on `fecha` unless null. */
async function solicitud(filas: Array<{ producto: number; cantidad: number }>, token?: string, fecha: string | null = '2099-01-15') {
  const s = await call('POST', 'crear-solicitud/', { productos: filas }, token);
  expect(s.statusCode, s.body).toBe(201);
  const clave = s.json().clave as string | null;
  if (fecha) expect((await call('POST', 'crear-cotizante/', entrega(s.json().id, fecha), token, clave)).statusCode).toBe(201);
  return { id: s.json().id as number, clave };
}

const comparar = (solicitudId: number, filas: Array<{ producto: number; cantidad: number }>, token?: string, clave?: string | null) =>
  call('POST', 'comparar-precios/', { productos: filas, solicitudId }, token, clave);

let proveedores: number[];
/** A product with the tier trap: A sells 100 kg at its 100-kg tier, B is cheaper per unit but has 60 kg. */
let trampa: { id: number; a: number; b: number; archivada: number };

beforeAll(async () => {
  const { db } = ctx.t.database;
  proveedores = await findProveedorIds(db);
  const p = await createProductoDePrueba(db);
  const base = { productoId: p.id, categoriaId: p.categoria_id };
  trampa = {
    id: p.id,
    a: await createOfertaDePrueba(db, {
      ...base,
      proveedorId: proveedores[0]!,
      tarifa: 5000,
      rangos: { 100: 4500 },
      lotes: [
        [120, '2099-03-01'],
        [80, '2099-02-01'],
      ],
    }),
    b: await createOfertaDePrueba(db, { ...base, proveedorId: proveedores[1]!, tarifa: 4800, lotes: [[60, '2099-06-01']] }),
    // Archived, and the cheapest: it must never appear.
    archivada: await createOfertaDePrueba(db, { ...base, proveedorId: proveedores[2]!, tarifa: 100, lotes: [[500, '2099-06-01']], archivada: true }),
  };
});

describe('POST comparar-precios/', () => {
  it('selects the cheapest allocation, lists the other offers, reports products without offers and unidentified ids, and keeps it all', async () => {
    const { db } = ctx.t.database;
    const sinOfertas = await createProductoDePrueba(db);
    const archivado = await createProductoDePrueba(db, { archivado: true });
    const s = await solicitud([{ producto: trampa.id, cantidad: 100 }], ctx.tokens.comprador);
    const res = await comparar(
      s.id,
      [
        { producto: trampa.id, cantidad: 100 },
        { producto: 987_654_321, cantidad: 100 },
        { producto: sinOfertas.id, cantidad: 100 },
        { producto: archivado.id, cantidad: 100 },
      ],
      ctx.tokens.comprador,
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.fecha_entrega).toBe('2099-01-15');
    expect(body.resultados.map((r: { producto: number }) => r.producto)).toEqual([trampa.id, sinOfertas.id]);

    const [linea, vacia] = body.resultados;
    expect(linea.opciones_seleccionadas).toEqual([
      expect.objectContaining({
        proveedor_producto_id: trampa.a,
        cantidad_solicitada: 100,
        cantidad_proveida: 100,
        precio: 4500,
        subtotal: 450_000,
        stock_disponible: 200,
        fecha_vencimiento: '2099-02-01',
        estado: 'seleccionado',
        unidad: 'KILO',
      }),
    ]);
    expect(linea.opciones_adicionales).toEqual([
      expect.objectContaining({ proveedor_producto_id: trampa.b, cantidad_proveida: 60, precio: 4800, estado: 'adicional' }),
    ]);
    expect(linea.mensaje).toBeNull();
    expect(linea.productos_inexistentes).toEqual([]);
    expect(vacia).toMatchObject({ opciones_seleccionadas: [], opciones_adicionales: [], productos_inexistentes: [vacia.nombre] });
    expect(vacia.mensaje).toContain(vacia.nombre);
    expect(body.productos_no_identificados).toEqual([
      { producto: 987_654_321, mensaje: 'No encontramos el producto 987654321 en el catálogo.' },
      { producto: archivado.id, mensaje: expect.stringContaining('ya no está disponible para cotizar') },
    ]);

    // The answer is sent without a zod pass: it must be exactly what its schema describes, no more.
    expect(compararPreciosSchemaOut.parse(body)).toEqual(body);

    // The quotation and its selected options are stored as answered, for actualizar and crear-orden;
    // an additional option is not stored and says so with opcion_id = −proveedor_producto_id.
    const [c] = await db.select().from(cotizacion).where(eq(cotizacion.id, body.cotizacion_id));
    expect(c).toMatchObject({ solicitud_id: s.id });
    expect(c!.usuario_id).not.toBeNull();
    const filas = await db.select().from(opcion).where(eq(opcion.cotizacion_id, body.cotizacion_id)).orderBy(asc(opcion.id));
    expect(filas.map((o) => [o.id, o.proveedor_producto_id, o.cantidad_proveida, o.precio, o.estado])).toEqual([
      [linea.opciones_seleccionadas[0].opcion_id, trampa.a, 100, 4500, 'seleccionado'],
    ]);
    expect(linea.opciones_adicionales[0].opcion_id).toBe(-trampa.b);
  });

  it('counts only lots still good on the newest delivery date of the request, and says what is missing', async () => {
    const { db } = ctx.t.database;
    const p = await createProductoDePrueba(db);
    const base = { productoId: p.id, categoriaId: p.categoria_id, tarifa: 3000 };
    const o = await createOfertaDePrueba(db, {
      ...base,
      proveedorId: proveedores[0]!,
      lotes: [
        [50, '2099-03-01'],
        [40, '2099-04-10'],
      ],
    });
    const s = await solicitud([{ producto: p.id, cantidad: 100 }], ctx.tokens.comprador, '2099-01-15');
    const primera = (await comparar(s.id, [{ producto: p.id, cantidad: 100 }], ctx.tokens.comprador)).json();
    expect(primera.resultados[0].opciones_seleccionadas).toEqual([
      expect.objectContaining({ proveedor_producto_id: o, cantidad_proveida: 90, stock_disponible: 90 }),
    ]);
    expect(primera.resultados[0].mensaje).toBe('Stock insuficiente: faltan 10 kg');

    // A newer delivery record moves the date past the first lot's expiry: that lot no longer counts.
    expect((await call('POST', 'crear-cotizante/', entrega(s.id, '2099-03-01'), ctx.tokens.comprador)).statusCode).toBe(201);
    const segunda = (await comparar(s.id, [{ producto: p.id, cantidad: 100 }], ctx.tokens.comprador)).json();
    expect(segunda.fecha_entrega).toBe('2099-03-01');
    expect(segunda.resultados[0].opciones_seleccionadas).toEqual([expect.objectContaining({ cantidad_proveida: 40, fecha_vencimiento: '2099-04-10' })]);
    expect(segunda.resultados[0].mensaje).toBe('Stock insuficiente: faltan 60 kg');
  });

  it('without a delivery record compares for today in Chile: a lot that expired is not stock', async () => {
    const { db } = ctx.t.database;
    const p = await createProductoDePrueba(db);
    await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId: proveedores[0]!, tarifa: 3000, lotes: [[500, '2001-01-01']] });
    const s = await solicitud([{ producto: p.id, cantidad: 100 }], ctx.tokens.comprador, null);
    const body = (await comparar(s.id, [{ producto: p.id, cantidad: 100 }], ctx.tokens.comprador)).json();
    expect(body.fecha_entrega).toBe(hoyEnChile());
    expect(body.resultados[0].productos_inexistentes).toEqual([body.resultados[0].nombre]);
  });

  it('nudges toward a cheaper tier a few kilos away', async () => {
    const { db } = ctx.t.database;
    const p = await createProductoDePrueba(db);
    await createOfertaDePrueba(db, {
      productoId: p.id,
      categoriaId: p.categoria_id,
      proveedorId: proveedores[0]!,
      tarifa: 5200,
      rangos: { 300: 4990 },
      lotes: [[1000, '2099-06-01']],
    });
    const s = await solicitud([{ producto: p.id, cantidad: 280 }], ctx.tokens.comprador);
    const body = (await comparar(s.id, [{ producto: p.id, cantidad: 280 }], ctx.tokens.comprador)).json();
    expect(body.resultados[0].sugerencia).toMatchObject({
      cantidad_adicional: 20,
      cantidad_total: 300,
      precio: 4990,
      mensaje: 'Agrega 20 kg y pagas $4.990/kg',
    });
  });

  it('refuses bad rows with the request’s messages and writes nothing', async () => {
    const { db } = ctx.t.database;
    const s = await solicitud([{ producto: trampa.id, cantidad: 100 }], ctx.tokens.comprador);
    const antes = (await db.select({ n: count() }).from(cotizacion))[0]!.n;
    const casos: Array<[object, object]> = [
      [{ productos: [], solicitudId: s.id }, { productos: ['Debe haber al menos un producto en la cotización.'] }],
      [{ productos: [{ producto: trampa.id, cantidad: 0 }], solicitudId: s.id }, { productos: ['Fila 1: La cantidad debe ser un número positivo.'] }],
      [{ productos: [{ producto: trampa.id, cantidad: 99 }], solicitudId: s.id }, { productos: ['Fila 1: La cantidad mínima debe ser de 100 kg.'] }],
      [
        {
          productos: [
            { producto: trampa.id, cantidad: 100 },
            { producto: trampa.id, cantidad: 200 },
          ],
          solicitudId: s.id,
        },
        { productos: [expect.stringMatching(/^Fila 2: El producto ".*" ya está en otra fila de la cotización\.$/)] },
      ],
      [{ productos: [{ producto: trampa.id, cantidad: 100 }], solicitudId: 'uno' }, { solicitudId: ['Solicitud inválida.'] }],
    ];
    for (const [payload, errores] of casos) {
      const res = await call('POST', 'comparar-precios/', payload, ctx.tokens.comprador);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(errores);
    }
    expect((await db.select({ n: count() }).from(cotizacion))[0]!.n).toBe(antes);
  });
});

describe('who may compare a request (ownership as docs/decisions/005)', () => {
  let otroComprador: TestUser;
  const filas = () => [{ producto: trampa.id, cantidad: 100 }];
  beforeAll(async () => {
    otroComprador = await createUser(ctx.t, 'comprador');
  });

  it('anonymous: with its clave, not without it or with another', async () => {
    const s = await solicitud(filas(), undefined);
    expect((await comparar(s.id, filas(), undefined, s.clave)).statusCode).toBe(201);
    expect((await comparar(s.id, filas())).statusCode).toBe(404);
    const otra = await solicitud(filas(), undefined);
    expect((await comparar(s.id, filas(), undefined, otra.clave)).statusCode).toBe(404);
  });

  it.each(['comprador', 'otroComprador', 'proveedor', 'moderador'] as const)('%s compares its own request', async (rol) => {
    const token = rol === 'otroComprador' ? otroComprador.access : ctx.tokens[rol];
    const s = await solicitud(filas(), token);
    expect((await comparar(s.id, filas(), token)).statusCode).toBe(201);
  });

  it.each(['anonimo', 'otroComprador', 'proveedor', 'moderador'] as const)("a buyer's request is a 404 to %s, and nothing is written", async (rol) => {
    const { db } = ctx.t.database;
    const s = await solicitud(filas(), ctx.tokens.comprador);
    const antes = (await db.select({ n: count() }).from(cotizacion).where(eq(cotizacion.solicitud_id, s.id)))[0]!.n;
    const token = rol === 'anonimo' ? undefined : rol === 'otroComprador' ? otroComprador.access : ctx.tokens[rol];
    const res = await comparar(s.id, filas(), token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Solicitud no encontrada.' });
    expect((await db.select({ n: count() }).from(cotizacion).where(eq(cotizacion.solicitud_id, s.id)))[0]!.n).toBe(antes);
  });

  it('a logged-in buyer holding an anonymous request by its clave takes it over', async () => {
    const s = await solicitud(filas(), undefined);
    expect((await comparar(s.id, filas(), otroComprador.access, s.clave)).statusCode).toBe(201);
    // From then on the token opens it and the clave alone does not.
    expect((await comparar(s.id, filas(), otroComprador.access)).statusCode).toBe(201);
    expect((await comparar(s.id, filas(), undefined, s.clave)).statusCode).toBe(404);
  });
});
