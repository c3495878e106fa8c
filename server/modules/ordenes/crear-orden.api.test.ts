import { asc, count, eq, inArray, sum } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIRECCION_SIN_NUMERO } from '#common/schemas/cotizaciones';
import { TOTAL_EXCESIVO } from '#common/schemas/comparacion';
import { COMUNA_DE_OTRA_REGION, CORREO_INVALIDO, SELECCIONE_REGION } from '#common/schemas/direcciones';
import { GIRO_CON_NUMEROS, RAZON_SOCIAL_CON_NUMEROS, RUT_INVALIDO, SELECCIONE_METODO_PAGO, SELECCIONE_RUBRO } from '#common/schemas/ordenes';
import { EJEMPLOS_TELEFONO } from '#common/chile/telefono';
import { orden, ordenLinea, ordenLineaLote } from '#server/db/schema/ordenes';
import { lote, proveedorProducto } from '#server/db/schema/proveedor';
import { usuario } from '#server/db/schema/usuario';
import { DIRECCION_BODY } from '#server/test/bodies';
import { setupTestApp } from '#server/test/test-app';
import { crearOrdenConfirmada } from '#server/test/por-confirmar';
import { createUser, type TestUser } from '#server/test/users';
import { archiveProveedorProducto } from '#server/modules/proveedor/proveedor.repository';
import { actualizar, conClave, createFlujo, createProductoConOfertas, crearOrden, ENTREGA, type Flujo } from '#server/test/cotizacion';
import { COTIZACION_NO_ENCONTRADA } from '#server/modules/comparacion/comparacion.service';
import { ENTREGA_NO_ENCONTRADA, SIN_SELECCION } from './ordenes.service';
import { FACTURACION } from '#server/test/facturacion';

/** POST /api/facturacion/crear-orden/ (docs/producto.md §3 Order creation payload, §5 Billing; docs/decisions/007). */
const ctx = setupTestApp({ roleTokens: true });
let otroComprador: TestUser;

const LEJOS = '2099-06-01';

const db = () => ctx.t.database.db;
const ordenesDe = (cotizacionId: number) => db().select().from(orden).where(eq(orden.cotizacion_id, cotizacionId));
const lotesDe = (ofertaId: number) =>
  db()
    .select({ id: lote.id, cantidad: lote.cantidad, fecha: lote.fecha_expiracion })
    .from(lote)
    .where(eq(lote.proveedor_producto_id, ofertaId))
    .orderBy(asc(lote.id));
const tomadoDe = async (loteIds: number[]) =>
  Number(
    (
      await db()
        .select({ s: sum(ordenLineaLote.cantidad) })
        .from(ordenLineaLote)
        .where(inArray(ordenLineaLote.lote_id, loteIds))
    )[0]!.s ?? 0,
  );

/** A quotation of `token` (the demo buyer unless said; anonymous with `anonimo`) choosing `cantidad` of a new product's only offer with these lots. */
async function seleccion(lotes: Array<[number, string]>, cantidad: number, quien: { token?: string; anonimo?: boolean; entrega?: object } = {}) {
  const token = quien.anonimo ? undefined : (quien.token ?? ctx.tokens.comprador);
  const entrega = quien.entrega ?? {};
  const p = await createProductoConOfertas(ctx.t, [{ tarifa: 5000, rangos: { 300: 4500 }, lotes }]);
  const f = await createFlujo(ctx.t, [[p.productoId, Math.max(100, Math.ceil(cantidad))]], token, entrega);
  const res = await actualizar(ctx.t, f, [[p.ofertas[0]!, cantidad]], token);
  expect(res.statusCode, res.body).toBe(200);
  return { f, ofertaId: p.ofertas[0]!, productoId: p.productoId };
}

beforeAll(async () => {
  otroComprador = await createUser(ctx.t, 'comprador');
});

describe('billing data (docs/producto.md §5 Billing: all optional)', () => {
  it('orders with no billing data at all, or with every field empty', async () => {
    const a = await seleccion([[500, LEJOS]], 100);
    const res = await crearOrden(ctx.t, a.f, ctx.tokens.comprador);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      orden_id: expect.any(Number),
      pedidos: [expect.objectContaining({ id: expect.any(Number) })],
      neto: 500_000,
      iva: 95_000,
      total_con_iva: 595_000,
      seguimiento: expect.any(String),
    });
    const b = await seleccion([[500, LEJOS]], 100);
    const vacios = Object.fromEntries(Object.keys(FACTURACION).map((k) => [k, k === 'rubro' ? null : '']));
    expect((await crearOrden(ctx.t, b.f, ctx.tokens.comprador, vacios)).statusCode).toBe(201);
  });

  it.each([
    ['rut_facturacion', '76.086.428-6', RUT_INVALIDO],
    ['rut_facturacion', 'no es un rut', RUT_INVALIDO],
    ['razon_social', 'Comercial 21 SpA', RAZON_SOCIAL_CON_NUMEROS],
    ['giro_comercial', 'Venta de 3 cosas', GIRO_CON_NUMEROS],
    ['direccion_facturacion', 'Av. Apoquindo sin número', DIRECCION_SIN_NUMERO],
    ['telefono_facturacion', '1234', `Debe tener al menos 8 dígitos`],
    ['telefono_facturacion', '+56 1 2345 6789', `Formato inválido. Ej: ${EJEMPLOS_TELEFONO}`],
    ['email_facturacion', 'facturas@', CORREO_INVALIDO],
    ['comuna', 5101, COMUNA_DE_OTRA_REGION],
    ['comuna', 999_999, 'Seleccione una comuna'],
    ['region', 99, SELECCIONE_REGION],
    ['rubro', 99_999, SELECCIONE_RUBRO],
    ['metodo_pago', 99_999, SELECCIONE_METODO_PAGO],
  ])('%s = %j → "%s", nothing written', async (campo, valor, mensaje) => {
    const a = await seleccion([[500, LEJOS]], 100);
    const res = await crearOrden(ctx.t, a.f, ctx.tokens.comprador, { ...FACTURACION, [campo]: valor });
    expect(res.statusCode).toBe(400);
    expect(res.json()[campo]).toEqual([mensaje]);
    expect(await ordenesDe(a.f.cotizacionId)).toEqual([]);
    expect((await lotesDe(a.ofertaId))[0]!.cantidad).toBe(500);
  });

  it('a comuna needs its región', async () => {
    const a = await seleccion([[500, LEJOS]], 100);
    const { region: _, ...sinRegion } = FACTURACION;
    const res = await crearOrden(ctx.t, a.f, ctx.tokens.comprador, sinRegion);
    expect(res.json()).toEqual({ region: [SELECCIONE_REGION] });
  });
});

describe('what an order copies (DESIGN §2)', () => {
  it('copies delivery, billing names, product and supplier names and the unit price; later archiving or address deletion changes nothing', async () => {
    // The buyer copies a saved address into the quotation's delivery record, as the screens do.
    const dir = await ctx.t.request({
      method: 'POST',
      url: '/api/cotizaciones/direccion/agregar/',
      token: otroComprador.access,
      payload: { ...DIRECCION_BODY, nombre_contacto: 'Bodega Copiada' },
    });
    expect(dir.statusCode, dir.body).toBe(201);
    const entrega = { nombre_contacto: 'Bodega Copiada', direccion_envio: DIRECCION_BODY.direccion_envio };
    const a = await seleccion([[500, LEJOS]], 300, { token: otroComprador.access, entrega });
    const res = await crearOrden(ctx.t, a.f, otroComprador.access, FACTURACION);
    expect(res.statusCode, res.body).toBe(201);
    const ordenId = res.json().orden_id;

    const leer = async () => ({
      orden: (await db().select().from(orden).where(eq(orden.id, ordenId)))[0],
      lineas: await db().query.ordenLinea.findMany({ where: eq(ordenLinea.orden_id, ordenId), with: { lotes: true } }),
    });
    const antes = await leer();
    const [oferta] = await db().select().from(proveedorProducto).where(eq(proveedorProducto.id, a.ofertaId));
    const [prov] = await db().select().from(usuario).where(eq(usuario.id, oferta!.proveedor_id));
    expect(antes.orden).toMatchObject({
      cotizacion_id: a.f.cotizacionId,
      cotizante_id: a.f.cotizanteId,
      usuario_id: otroComprador.id,
      nombre_contacto: 'Bodega Copiada',
      correo_contacto: ENTREGA.correo_contacto,
      telefono_contacto: ENTREGA.telefono_contacto,
      direccion_envio: DIRECCION_BODY.direccion_envio,
      region_nombre: 'Región Metropolitana de Santiago',
      comuna_nombre: 'Providencia',
      fecha_entrega: ENTREGA.fecha_entrega,
      rut_facturacion: '76.086.428-5',
      razon_social: FACTURACION.razon_social,
      region_id: 13,
      region_nombre_facturacion: 'Región Metropolitana de Santiago',
      comuna_id: 13123,
      comuna_nombre_facturacion: 'Providencia',
      rubro_id: 1,
      rubro_nombre: expect.stringMatching(/.+/),
      metodo_pago_id: 1,
      metodo_pago_nombre: expect.stringMatching(/.+/),
      total: 300 * 4500,
    });
    expect(antes.lineas).toMatchObject([
      {
        proveedor_producto_id: a.ofertaId,
        proveedor_id: prov!.id,
        proveedor_nombre: prov!.empresa.trim() || `${prov!.first_name} ${prov!.last_name}`,
        sku: oferta!.sku,
        producto_nombre: expect.stringMatching(/^Producto de prueba/),
        categoria: expect.stringMatching(/.+/),
        marca: expect.stringMatching(/.+/),
        origen: expect.stringMatching(/.+/),
        unidad: 'KILO',
        cantidad: 300,
        precio: 4500,
        subtotal: 1_350_000,
        lotes: [{ cantidad: 300 }],
      },
    ]);

    expect(await archiveProveedorProducto(db(), oferta!.proveedor_id, a.ofertaId)).toBe(true);
    await db().update(proveedorProducto).set({ tarifa: 1, sku: 'OTRO' }).where(eq(proveedorProducto.id, a.ofertaId));
    const borrar = await ctx.t.request({ method: 'DELETE', url: `/api/cotizaciones/direccion/${dir.json().id}/eliminar/`, token: otroComprador.access });
    expect(borrar.statusCode, borrar.body).toBeLessThan(300);
    const editar = await ctx.t.request({
      method: 'PUT',
      url: `/api/cotizaciones/editar-cotizante/${a.f.cotizanteId}/`,
      token: otroComprador.access,
      payload: { ...ENTREGA, nombre_contacto: 'Otro Nombre', region: 5, comuna: 5101, solicitud_id: a.f.solicitudId },
    });
    expect(editar.statusCode, editar.body).toBe(200);
    expect(await leer()).toEqual(antes);
  });
});

describe('from the comparison to the order', () => {
  it('orders what comparar-precios selected, at the prices it showed, when the buyer changes nothing', async () => {
    const p = await createProductoConOfertas(ctx.t, [
      { tarifa: 5000, rangos: { 100: 4700 }, lotes: [[120, LEJOS]] },
      { tarifa: 5200, lotes: [[500, LEJOS]] },
    ]);
    const s = await ctx.t.request({
      method: 'POST',
      url: '/api/cotizaciones/crear-solicitud/',
      token: ctx.tokens.comprador,
      payload: { productos: [{ producto: p.productoId, cantidad: 200 }] },
    });
    const c = await ctx.t.request({
      method: 'POST',
      url: '/api/cotizaciones/crear-cotizante/',
      token: ctx.tokens.comprador,
      payload: { ...ENTREGA, solicitud_id: s.json().id },
    });
    const q = await ctx.t.request({
      method: 'POST',
      url: '/api/cotizaciones/comparar-precios/',
      token: ctx.tokens.comprador,
      payload: { productos: [{ producto: p.productoId, cantidad: 200 }], solicitudId: s.json().id },
    });
    expect(q.statusCode, q.body).toBe(201);
    const seleccion: Array<{ proveedor_producto_id: number; cantidad_proveida: number; precio: number }> = q.json().resultados[0].opciones_seleccionadas;
    expect(seleccion.length).toBeGreaterThan(0);

    const res = await ctx.t.request({
      method: 'POST',
      url: '/api/facturacion/crear-orden/',
      token: ctx.tokens.comprador,
      payload: { cotizacion_id: q.json().cotizacion_id, cotizante_id: c.json().cotizante_id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const lineas = await db().select().from(ordenLinea).where(eq(ordenLinea.orden_id, res.json().orden_id)).orderBy(asc(ordenLinea.id));
    const porOferta = (xs: Array<{ proveedor_producto_id: number | null; cantidad: number; precio: number }>) =>
      xs.map((x) => [x.proveedor_producto_id, x.cantidad, x.precio]).sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(porOferta(lineas)).toEqual(porOferta(seleccion.map((o) => ({ ...o, cantidad: o.cantidad_proveida }))));
  });
});

describe('a total an order could not hold (its integer columns: up to $2.147.483.647)', () => {
  const filas = async (cotizacionId: number) => ({
    ordenes: await ordenesDe(cotizacionId),
    lineas: (await db().select({ n: count() }).from(ordenLinea))[0]!.n,
  });

  it("comparar-precios' own choice, ordered without actualizar: 409 in Spanish, nothing written, no 500", async () => {
    // 300 kg at $10.000.000 (the most a price may be) is $3.000.000.000.
    const p = await createProductoConOfertas(ctx.t, [{ tarifa: 10_000_000, lotes: [[300, LEJOS]] }]);
    const f = await createFlujo(ctx.t, [[p.productoId, 300]], ctx.tokens.comprador);
    const antes = await filas(f.cotizacionId);
    const res = await crearOrden(ctx.t, f, ctx.tokens.comprador, FACTURACION);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ detail: TOTAL_EXCESIVO });
    expect(await filas(f.cotizacionId)).toEqual(antes);
    expect(antes.ordenes).toEqual([]);
    expect((await lotesDe(p.ofertas[0]!)).map((l) => l.cantidad)).toEqual([300]);
    // Under the cap the same quotation orders: 214 kg is $2.140.000.000.
    expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 214]], ctx.tokens.comprador)).statusCode).toBe(200);
    const compra = await crearOrden(ctx.t, f, ctx.tokens.comprador);
    expect(compra.statusCode, compra.body).toBe(201);
    expect((await ordenesDe(f.cotizacionId))[0]!.total).toBe(2_140_000_000);
  });

  it('the largest quantity at the largest price, over two suppliers: the same 409, never a 500', async () => {
    const p = await createProductoConOfertas(ctx.t, [
      { tarifa: 10_000_000, lotes: [[6000, LEJOS]] },
      { tarifa: 10_000_000, lotes: [[6000, LEJOS]] },
    ]);
    const f = await createFlujo(ctx.t, [[p.productoId, 9999]], ctx.tokens.comprador);
    const res = await crearOrden(ctx.t, f, ctx.tokens.comprador);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ detail: TOTAL_EXCESIVO });
    expect(await ordenesDe(f.cotizacionId)).toEqual([]);
  });
});

describe('stock (DESIGN §2: FEFO, never oversold)', () => {
  it('takes the lots that expire first, skipping those that expire by the delivery day', async () => {
    const lotes: Array<[number, string]> = [
      [100, '2099-03-01'],
      [100, '2099-02-01'],
      [500, '2099-01-15'], // expires on the delivery day: unusable
      [50, '2099-02-01'],
    ];
    const a = await seleccion(lotes, 180);
    const res = await crearOrden(ctx.t, a.f, ctx.tokens.comprador);
    expect(res.statusCode, res.body).toBe(201);
    const ids = (await lotesDe(a.ofertaId)).map((l) => l.id);
    const tomas = await db()
      .select({ lote_id: ordenLineaLote.lote_id, cantidad: ordenLineaLote.cantidad })
      .from(ordenLineaLote)
      .innerJoin(ordenLinea, eq(ordenLineaLote.orden_linea_id, ordenLinea.id))
      .where(eq(ordenLinea.orden_id, res.json().orden_id))
      .orderBy(asc(ordenLineaLote.lote_id));
    expect(tomas).toEqual([
      { lote_id: ids[0], cantidad: 30 },
      { lote_id: ids[1], cantidad: 100 },
      { lote_id: ids[3], cantidad: 50 },
    ]);
    expect((await lotesDe(a.ofertaId)).map((l) => l.cantidad)).toEqual([70, 0, 500, 0]);
  });

  it('answers 409 naming the product when the stock is gone, and writes nothing', async () => {
    const p = await createProductoConOfertas(ctx.t, [{ tarifa: 5000, lotes: [[100, LEJOS]] }]);
    const [f1, f2] = [
      await createFlujo(ctx.t, [[p.productoId, 100]], ctx.tokens.comprador),
      await createFlujo(ctx.t, [[p.productoId, 100]], otroComprador.access),
    ];
    expect((await actualizar(ctx.t, f1, [[p.ofertas[0]!, 100]], ctx.tokens.comprador)).statusCode).toBe(200);
    expect((await actualizar(ctx.t, f2, [[p.ofertas[0]!, 100]], otroComprador.access)).statusCode).toBe(200);
    expect((await crearOrden(ctx.t, f1, ctx.tokens.comprador)).statusCode).toBe(201);
    const res = await crearOrden(ctx.t, f2, otroComprador.access, FACTURACION);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/^No queda stock suficiente de "Producto de prueba [^"]+" de .+: pediste 100 kg y quedan 0\.$/);
    expect(await ordenesDe(f2.cotizacionId)).toEqual([]);
    expect((await lotesDe(p.ofertas[0]!)).map((l) => l.cantidad)).toEqual([0]);
  });

  it('two orders racing for the last lot: exactly one succeeds, the lot never goes negative', async () => {
    const p = await createProductoConOfertas(ctx.t, [{ tarifa: 5000, lotes: [[100, LEJOS]] }]);
    const compradores = [ctx.tokens.comprador, otroComprador.access];
    const flujos: Flujo[] = [];
    for (const token of compradores) {
      const f = await createFlujo(ctx.t, [[p.productoId, 100]], token);
      expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 100]], token)).statusCode).toBe(200);
      flujos.push(f);
    }
    const res = await Promise.all(flujos.map((f, i) => crearOrden(ctx.t, f, compradores[i])));
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [l] = await lotesDe(p.ofertas[0]!);
    expect(l!.cantidad).toBe(0);
    expect(await tomadoDe([l!.id])).toBe(100);
  });

  it('six orders at once on two lots that hold two of them: two succeed, the rest are refused, nothing oversold', async () => {
    const p = await createProductoConOfertas(ctx.t, [
      {
        tarifa: 5000,
        lotes: [
          [150, LEJOS],
          [90, '2099-03-01'],
        ],
      },
    ]);
    const flujos: Flujo[] = [];
    for (let i = 0; i < 6; i++) {
      const f = await createFlujo(ctx.t, [[p.productoId, 100]], ctx.tokens.comprador);
      expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 100]], ctx.tokens.comprador)).statusCode).toBe(200);
      flujos.push(f);
    }
    const res = await Promise.all(flujos.map((f) => crearOrden(ctx.t, f, ctx.tokens.comprador)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    const lotes = await lotesDe(p.ofertas[0]!);
    // FEFO: the lot expiring in March went first, then 110 of the June one.
    expect(lotes.map((l) => l.cantidad)).toEqual([40, 0]);
    expect(await tomadoDe(lotes.map((l) => l.id))).toBe(200);
  });

  it('refuses an order whose offer was archived after the choice (409, nothing written)', async () => {
    const a = await seleccion([[500, LEJOS]], 100);
    const [oferta] = await db().select().from(proveedorProducto).where(eq(proveedorProducto.id, a.ofertaId));
    await archiveProveedorProducto(db(), oferta!.proveedor_id, a.ofertaId);
    const res = await crearOrden(ctx.t, a.f, ctx.tokens.comprador);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/^"Producto de prueba [^"]+" de .+ ya no está disponible\.$/);
    expect(await ordenesDe(a.f.cotizacionId)).toEqual([]);
  });

  it('refuses a quotation with nothing selected', async () => {
    // Its only lot expires before the delivery day: the comparison selects nothing.
    const p = await createProductoConOfertas(ctx.t, [{ tarifa: 5000, lotes: [[100, '2099-01-10']] }]);
    const f = await createFlujo(ctx.t, [[p.productoId, 100]], ctx.tokens.comprador);
    const res = await crearOrden(ctx.t, f, ctx.tokens.comprador);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: SIN_SELECCION });
  });
});

describe('the same order posted twice creates one order', () => {
  it('a retry answers 200 with the same orden_id and takes no more stock', async () => {
    const a = await seleccion([[500, LEJOS]], 100);
    const primera = await crearOrden(ctx.t, a.f, ctx.tokens.comprador, FACTURACION);
    const segunda = await crearOrden(ctx.t, a.f, ctx.tokens.comprador, { ...FACTURACION, razon_social: 'Otra Razón' });
    expect([primera.statusCode, segunda.statusCode]).toEqual([201, 200]);
    // The same order and pedidos; the tracking token only in the answer that created it (only its hash is kept).
    const { seguimiento, ...creada } = primera.json();
    expect(seguimiento).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(segunda.json()).toEqual(creada);
    expect(await ordenesDe(a.f.cotizacionId)).toMatchObject([{ razon_social: FACTURACION.razon_social }]);
    expect((await lotesDe(a.ofertaId))[0]!.cantidad).toBe(400);
  });

  it('a double click (two posts at once) makes one order, both answer its id', async () => {
    const a = await seleccion([[500, LEJOS]], 100);
    const res = await Promise.all([
      crearOrden(ctx.t, a.f, ctx.tokens.comprador),
      crearOrden(ctx.t, a.f, ctx.tokens.comprador),
      crearOrden(ctx.t, a.f, ctx.tokens.comprador),
    ]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(res.map((r) => r.json().orden_id)).size).toBe(1);
    expect((await db().select({ n: count() }).from(orden).where(eq(orden.cotizacion_id, a.f.cotizacionId)))[0]!.n).toBe(1);
    expect((await lotesDe(a.ofertaId))[0]!.cantidad).toBe(400);
  });
});

describe('who may order a quotation', () => {
  it("a buyer's quotation is a 404 to anonymous, another buyer, a supplier and a moderator", async () => {
    const a = await seleccion([[500, LEJOS]], 100);
    for (const [rol, token] of [
      ['anonimo', undefined],
      ['otroComprador', otroComprador.access],
      ['proveedor', ctx.tokens.proveedor],
      ['moderador', ctx.tokens.moderador],
    ] as const) {
      const res = await crearOrden(ctx.t, a.f, token);
      expect(res.statusCode, rol).toBe(404);
      expect(res.json(), rol).toEqual({ detail: COTIZACION_NO_ENCONTRADA });
    }
    expect(await ordenesDe(a.f.cotizacionId)).toEqual([]);
    expect((await crearOrden(ctx.t, a.f, ctx.tokens.comprador)).statusCode).toBe(201);
  });

  it("another user's delivery record is a 404, even on one's own quotation", async () => {
    const mia = await seleccion([[500, LEJOS]], 100);
    const ajena = await seleccion([[500, LEJOS]], 100, { token: otroComprador.access });
    const res = await ctx.t.request({
      method: 'POST',
      url: '/api/facturacion/crear-orden/',
      token: ctx.tokens.comprador,
      payload: { cotizacion_id: mia.f.cotizacionId, cotizante_id: ajena.f.cotizanteId },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: ENTREGA_NO_ENCONTRADA });
    // One's own delivery record of another request does not belong to this quotation either.
    const otra = await seleccion([[500, LEJOS]], 100);
    const cruzada = await ctx.t.request({
      method: 'POST',
      url: '/api/facturacion/crear-orden/',
      token: ctx.tokens.comprador,
      payload: { cotizacion_id: mia.f.cotizacionId, cotizante_id: otra.f.cotizanteId },
    });
    expect(cruzada.statusCode).toBe(404);
    expect(await ordenesDe(mia.f.cotizacionId)).toEqual([]);
  });

  it('an anonymous quotation is ordered with its clave only (and its contact confirms it by e-mail)', async () => {
    const a = await seleccion([[500, LEJOS]], 100, { anonimo: true });
    expect((await crearOrden(ctx.t, a.f, undefined, {}, null)).statusCode).toBe(404);
    expect((await crearOrden(ctx.t, a.f, undefined, {}, 'clave-equivocada')).statusCode).toBe(404);
    expect((await crearOrden(ctx.t, a.f, ctx.tokens.comprador, {}, null)).statusCode).toBe(404);
    const res = await crearOrdenConfirmada(ctx.t, a.f, FACTURACION);
    expect(res.statusCode, res.body).toBe(201);
    expect(await ordenesDe(a.f.cotizacionId)).toMatchObject([{ usuario_id: null, razon_social: FACTURACION.razon_social }]);
  });

  it('every role can order its own quotation; a bad token is a 401', async () => {
    for (const [rol, token] of [
      ['comprador', ctx.tokens.comprador],
      ['otroComprador', otroComprador.access],
      ['proveedor', ctx.tokens.proveedor],
      ['moderador', ctx.tokens.moderador],
    ] as const) {
      const a = await seleccion([[500, LEJOS]], 100, { token });
      expect((await crearOrden(ctx.t, a.f, token)).statusCode, rol).toBe(201);
    }
    const a = await seleccion([[500, LEJOS]], 100);
    const res = await ctx.t.request({
      method: 'POST',
      url: '/api/facturacion/crear-orden/',
      headers: { authorization: 'JWT roto', ...conClave(null) },
      payload: { cotizacion_id: a.f.cotizacionId },
    });
    expect(res.statusCode).toBe(401);
  });
});
