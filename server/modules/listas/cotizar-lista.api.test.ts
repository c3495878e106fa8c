import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mensajesComparacion } from '#common/schemas/comparacion';
import { FECHA_PASADA } from '#common/schemas/cotizaciones';
import { LISTA_NO_ENCONTRADA, LISTA_SIN_PRODUCTOS_A_LA_VENTA, SIN_DIRECCION_PRINCIPAL } from '#common/schemas/listas';
import { producto } from '#server/db/schema/catalogo';
import { cotizacion, solicitud } from '#server/db/schema/cotizaciones';
import { DIRECCION_BODY } from '#server/test/bodies';
import { createProductoConOfertas } from '#server/test/cotizacion';
import { createListaDePrueba } from '#server/test/listas';
import { findProveedorIds } from '#server/test/ofertas';
import { LEJOS, proveedorIds } from '#server/test/pedidos';
import type { RoleName } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';
import { createUser, type TestUser } from '#server/test/users';

/** POST /api/listas/{id}/cotizar/: a list quoted in one call, as a buyer would by hand. */
const ctx = setupTestApp({ roleTokens: true });
const db = () => ctx.t.database.db;
let ana: TestUser;
let sinDireccion: TestUser;
let p1: number;
let p2: number;

const cotizar = (id: number, token: string | undefined, payload: Record<string, unknown> = {}) =>
  ctx.t.request({ method: 'POST', url: `/api/listas/${id}/cotizar/`, token, payload });
const agregarDireccion = async (token: string) => {
  const res = await ctx.t.request({ method: 'POST', url: '/api/cotizaciones/direccion/agregar/', token, payload: DIRECCION_BODY });
  expect(res.statusCode, res.body).toBe(201);
};
const solicitudesDe = async (usuarioId: number) => (await db().select({ id: solicitud.id }).from(solicitud).where(eq(solicitud.usuario_id, usuarioId))).length;

/** The answer with the ids the database gave (the quotation's and its stored options') set aside. */
function sinIds(texto: string) {
  const r = JSON.parse(texto);
  r.cotizacion_id = 0;
  for (const l of r.resultados) for (const o of l.opciones_seleccionadas) o.opcion_id = 0;
  return JSON.stringify(r);
}

beforeAll(async () => {
  [ana, sinDireccion] = await Promise.all([createUser(ctx.t, 'comprador'), createUser(ctx.t, 'comprador')]);
  await agregarDireccion(ana.access);
  ({ productoId: p1 } = await createProductoConOfertas(ctx.t, [
    { tarifa: 5000, lotes: [[1000, LEJOS]] },
    { tarifa: 5200, lotes: [[1000, LEJOS]] },
  ]));
  ({ productoId: p2 } = await createProductoConOfertas(ctx.t, [{ tarifa: 3000, lotes: [[1000, LEJOS]], proveedor: 1 }]));
});

describe('who may quote a list', () => {
  it.each<[RoleName, number]>([
    ['anonimo', 401],
    ['proveedor', 403],
    ['otroProveedor', 403],
    ['moderador', 403],
  ])('%s gets %i', async (role, status) => {
    const lista = await createListaDePrueba(db(), ana.id, [[p1, 100]]);
    expect((await cotizar(lista.id, ctx.tokens[role])).statusCode).toBe(status);
  });

  it('another buyer gets 404, as for a list that does not exist; its owner 201', async () => {
    const lista = await createListaDePrueba(db(), ana.id, [[p1, 100]]);
    const ajena = await cotizar(lista.id, ctx.tokens.comprador);
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json()).toEqual({ detail: LISTA_NO_ENCONTRADA });
    expect((await cotizar(999_999, ana.access)).json()).toEqual({ detail: LISTA_NO_ENCONTRADA });
    expect((await cotizar(lista.id, ana.access)).statusCode).toBe(201);
  });
});

describe('what it needs', () => {
  it('without a main address: 400 saying where to save one, and nothing written', async () => {
    const lista = await createListaDePrueba(db(), sinDireccion.id, [[p1, 100]]);
    const res = await cotizar(lista.id, sinDireccion.access);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: SIN_DIRECCION_PRINCIPAL });
    expect(await solicitudesDe(sinDireccion.id)).toBe(0);
  });

  it('a past date: 400 with the delivery form’s message, and nothing written', async () => {
    const lista = await createListaDePrueba(db(), ana.id, [[p1, 100]]);
    const antes = await solicitudesDe(ana.id);
    const res = await cotizar(lista.id, ana.access, { fecha_entrega: '2020-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ fecha_entrega: [FECHA_PASADA] });
    expect((await cotizar(lista.id, ana.access, { fecha_entrega: '2030-02-30' })).statusCode).toBe(400);
    expect(await solicitudesDe(ana.id)).toBe(antes);
  });

  it('a product no longer sold is left out of the request and named in productos_no_identificados', async () => {
    const { productoId: archivado } = await createProductoConOfertas(ctx.t, [{ tarifa: 4000, lotes: [[1000, LEJOS]] }]);
    const [archivadoRow] = await db()
      .update(producto)
      .set({ archivado_en: new Date() })
      .where(eq(producto.id, archivado))
      .returning({ nombre: producto.nombre });
    const lista = await createListaDePrueba(db(), ana.id, [
      [p1, 100],
      [archivado, 200],
    ]);
    const res = await cotizar(lista.id, ana.access, { fecha_entrega: '2099-01-15' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.resultados.map((r: { producto: number }) => r.producto)).toEqual([p1]);
    expect(body.productos_no_identificados).toEqual([{ producto: archivado, mensaje: mensajesComparacion.noDisponible(archivadoRow!.nombre) }]);
    const [guardada] = await db().select({ solicitud_id: cotizacion.solicitud_id }).from(cotizacion).where(eq(cotizacion.id, body.cotizacion_id));
    const s = await ctx.t.request({
      method: 'PUT',
      url: `/api/cotizaciones/editar-solicitud/${guardada!.solicitud_id}/`,
      token: ana.access,
      payload: { productos: [{ producto: p1, cantidad: 100 }] },
    });
    expect(s.json().detalles.map((d: { producto_id: number }) => d.producto_id)).toEqual([p1]);
  });

  it('a list with nothing still sold: 400 saying so', async () => {
    const { productoId: archivado } = await createProductoConOfertas(ctx.t, [{ tarifa: 4000, lotes: [[1000, LEJOS]] }]);
    await db().update(producto).set({ archivado_en: new Date() }).where(eq(producto.id, archivado));
    const lista = await createListaDePrueba(db(), ana.id, [[archivado, 100]]);
    const res = await cotizar(lista.id, ana.access);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: LISTA_SIN_PRODUCTOS_A_LA_VENTA });
  });
});

describe('the answer', () => {
  it('is exactly what crear-solicitud, crear-cotizante (the main address) and comparar-precios answer by hand', async () => {
    const lista = await createListaDePrueba(db(), ana.id, [
      [p2, 300],
      [p1, 150],
    ]);
    const res = await cotizar(lista.id, ana.access, { fecha_entrega: '2099-01-15' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');

    const s = await ctx.t.request({
      method: 'POST',
      url: '/api/cotizaciones/crear-solicitud/',
      token: ana.access,
      payload: {
        productos: [
          { producto: p2, cantidad: 300 },
          { producto: p1, cantidad: 150 },
        ],
      },
    });
    const c = await ctx.t.request({
      method: 'POST',
      url: '/api/cotizaciones/crear-cotizante/',
      token: ana.access,
      payload: { ...DIRECCION_BODY, fecha_entrega: '2099-01-15', solicitud_id: s.json().id },
    });
    expect(c.statusCode, c.body).toBe(201);
    const q = await ctx.t.request({
      method: 'POST',
      url: '/api/cotizaciones/comparar-precios/',
      token: ana.access,
      payload: {
        solicitudId: s.json().id,
        productos: [
          { producto: p2, cantidad: 300 },
          { producto: p1, cantidad: 150 },
        ],
      },
    });
    expect(q.statusCode).toBe(201);
    expect(sinIds(res.body)).toBe(sinIds(q.body));

    // The quotation is the account's, on a delivery record copied from its main address.
    const [guardada] = await db().select().from(cotizacion).where(eq(cotizacion.id, res.json().cotizacion_id));
    expect(guardada!.usuario_id).toBe(ana.id);
    const cotizante = await ctx.t.request({
      method: 'PUT',
      url: `/api/cotizaciones/editar-cotizante/${guardada!.cotizante_id}/`,
      token: ana.access,
      payload: { ...DIRECCION_BODY, fecha_entrega: '2099-01-15', solicitud_id: guardada!.solicitud_id },
    });
    expect(cotizante.json()).toMatchObject({ ...DIRECCION_BODY, region: 13, comuna: 13123, fecha_entrega: '2099-01-15' });
  });

  it('without a date, on the first day every supplier of the selection delivers', async () => {
    const ids = await proveedorIds(ctx.t);
    const todos = await findProveedorIds(db());
    const terminos = (anticipacion_dias: number) => ({
      comunas: [13123],
      dias_despacho: [1, 2, 3, 4, 5, 6, 7],
      anticipacion_dias,
      hora_corte: '23:59',
      monto_minimo: 0,
      costo_despacho: 0,
      despacho_gratis_desde: null,
    });
    for (const [rol, dias] of [
      ['proveedor', 2],
      ['otroProveedor', 5],
    ] as const) {
      const res = await ctx.t.request({ method: 'PUT', url: '/api/proveedor/condiciones/', token: ctx.tokens[rol], payload: terminos(dias) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const { productoId: deUno } = await createProductoConOfertas(ctx.t, [{ tarifa: 1000, lotes: [[1000, LEJOS]], proveedor: todos.indexOf(ids.proveedor) }]);
    const { productoId: deOtro } = await createProductoConOfertas(ctx.t, [
      { tarifa: 1000, lotes: [[1000, LEJOS]], proveedor: todos.indexOf(ids.otroProveedor) },
    ]);
    await ctx.t.settle();

    const cotizacionesDeAna = async () => (await db().select({ id: cotizacion.id }).from(cotizacion).where(eq(cotizacion.usuario_id, ana.id))).length;
    const soloUno = await cotizar((await createListaDePrueba(db(), ana.id, [[deUno, 100]])).id, ana.access);
    const antes = await cotizacionesDeAna();
    const ambos = await cotizar(
      (
        await createListaDePrueba(db(), ana.id, [
          [deUno, 100],
          [deOtro, 100],
        ])
      ).id,
      ana.access,
    );
    expect(ambos.statusCode, ambos.body).toBe(201);
    const cerca = soloUno.json().fecha_entrega as string;
    const lejos = ambos.json().fecha_entrega as string;
    expect(lejos > cerca).toBe(true);
    // Both suppliers deliver that day, and both are in the selection.
    expect(
      ambos
        .json()
        .proveedores.map((p: { proveedor_id: number; fecha_entrega: string }) => [p.proveedor_id, p.fecha_entrega])
        .sort(),
    ).toEqual(
      [
        [ids.proveedor, lejos],
        [ids.otroProveedor, lejos],
      ].sort(),
    );
    // The trial comparison that found the day left no quotation behind: one per call.
    expect(await cotizacionesDeAna()).toBe(antes + 1);
  });
});
