import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hoyEnChile, sumarDias } from '#common/fecha';
import { FECHA_FORMATO, FECHA_NO_FUTURA, FECHA_REQUERIDA, noEsNumero, STOCK_MAXIMO, STOCK_NEGATIVO } from '#common/schemas/proveedor-carga';
import { LOTE_CANTIDAD_REQUERIDA, LOTE_VACIO } from '#common/schemas/proveedor-lote';
import { CANTIDAD_DECIMALES, type ProveedorProducto } from '#common/schemas/proveedor-productos';
import { lote } from '#server/db/schema/proveedor';
import { createFlujo } from '#server/test/cotizacion';
import { createOfertaDePrueba, createProductoDePrueba } from '#server/test/ofertas';
import { proveedorIds } from '#server/test/pedidos';
import { setupTestApp } from '#server/test/test-app';

const ctx = setupTestApp({ roleTokens: true });
const URL = '/api/productos/proveedoresproductos/';

const post = (ofertaId: number, payload: unknown, token = ctx.tokens.proveedor) =>
  ctx.t.request({ method: 'POST', url: `${URL}${ofertaId}/lotes/`, payload: payload as Record<string, unknown>, token });
const lotesDe = (ofertaId: number) =>
  ctx.t.database.db
    .select({ cantidad: lote.cantidad, fecha_expiracion: lote.fecha_expiracion })
    .from(lote)
    .where(eq(lote.proveedor_producto_id, ofertaId))
    .orderBy(lote.id);
const list = async (token = ctx.tokens.proveedor): Promise<ProveedorProducto[]> => (await ctx.t.request({ method: 'GET', url: URL, token })).json();

let ids: { proveedor: number; otroProveedor: number };
/** A new approved product of the role supplier: an offer with one lot, and the category of its tiers. */
async function ofertaPropia(o: { lotes?: Array<[number, string]>; archivada?: boolean; proveedorId?: number } = {}) {
  const { db } = ctx.t.database;
  const p = await createProductoDePrueba(db);
  const id = await createOfertaDePrueba(db, {
    productoId: p.id,
    categoriaId: p.categoria_id,
    proveedorId: o.proveedorId ?? ids.proveedor,
    tarifa: 4000,
    lotes: o.lotes ?? [[10, '2099-05-01']],
    archivada: o.archivada,
  });
  return { productoId: p.id, ofertaId: id };
}

beforeAll(async () => {
  ids = await proveedorIds(ctx.t);
});

describe('POST proveedoresproductos/{id}/lotes/ (Agregar lote)', () => {
  it('answers 401 anonymous, 403 to buyers and moderators, 404 to another supplier; nothing is written', async () => {
    const { ofertaId } = await ofertaPropia();
    const cuerpo = { cantidad: 5, fecha_expiracion: '2099-07-01' };
    expect((await post(ofertaId, cuerpo, '')).statusCode).toBe(401);
    expect((await post(ofertaId, cuerpo, ctx.tokens.comprador)).statusCode).toBe(403);
    expect((await post(ofertaId, cuerpo, ctx.tokens.moderador)).statusCode).toBe(403);
    const ajena = await post(ofertaId, cuerpo, ctx.tokens.otroProveedor);
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json()).toEqual({ detail: 'Producto no encontrado.' });
    expect(await lotesDe(ofertaId)).toEqual([{ cantidad: 10, fecha_expiracion: '2099-05-01' }]);
  });

  it('answers 404 for an archived offer and a missing one, even with a past date', async () => {
    const { ofertaId } = await ofertaPropia({ archivada: true });
    expect((await post(ofertaId, { cantidad: 5, fecha_expiracion: '2099-07-01' })).json()).toEqual({ detail: 'Producto no encontrado.' });
    expect((await post(2_000_000_000, { cantidad: 5, fecha_expiracion: '2000-01-01' })).statusCode).toBe(404);
    expect(await lotesDe(ofertaId)).toEqual([{ cantidad: 10, fecha_expiracion: '2099-05-01' }]);
  });

  it('creates the lot and answers 201 with it as the list reads it; the list shows it under the offer', async () => {
    const { ofertaId } = await ofertaPropia();
    const res = await post(ofertaId, { cantidad: '12,5', fecha_expiracion: '15-08-2099' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), cantidad: 12.5, fecha_expiracion: '2099-08-15' });
    const oferta = (await list()).find((o) => o.id === ofertaId)!;
    expect(oferta.stock).toEqual([{ id: expect.any(Number), cantidad: 10, fecha_expiracion: '2099-05-01' }, res.json()]);
  });

  it('adds to the lot of the same expiry date instead of making a second one (docs/decisions/008)', async () => {
    const { ofertaId } = await ofertaPropia();
    const antes = (await list()).find((o) => o.id === ofertaId)!.stock[0]!;
    const res = await post(ofertaId, { cantidad: 2.25, fecha_expiracion: '2099-05-01' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: antes.id, cantidad: 12.25, fecha_expiracion: '2099-05-01' });
    expect(await lotesDe(ofertaId)).toEqual([{ cantidad: 12.25, fecha_expiracion: '2099-05-01' }]);
  });

  it('refuses a sum over the upload limit, keeping the lot as it was', async () => {
    const { ofertaId } = await ofertaPropia({ lotes: [[999_999_000, '2099-05-01']] });
    const res = await post(ofertaId, { cantidad: 1000, fecha_expiracion: '2099-05-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ cantidad: [STOCK_MAXIMO] });
    expect(await lotesDe(ofertaId)).toEqual([{ cantidad: 999_999_000, fecha_expiracion: '2099-05-01' }]);
  });

  it.each([
    [{ fecha_expiracion: '2099-07-01' }, 'cantidad', LOTE_CANTIDAD_REQUERIDA],
    [{ cantidad: '', fecha_expiracion: '2099-07-01' }, 'cantidad', LOTE_CANTIDAD_REQUERIDA],
    [{ cantidad: 'mucho', fecha_expiracion: '2099-07-01' }, 'cantidad', noEsNumero('La cantidad')],
    [{ cantidad: -3, fecha_expiracion: '2099-07-01' }, 'cantidad', STOCK_NEGATIVO],
    [{ cantidad: '1000000000', fecha_expiracion: '2099-07-01' }, 'cantidad', STOCK_MAXIMO],
    [{ cantidad: 0, fecha_expiracion: '2099-07-01' }, 'cantidad', LOTE_VACIO],
    [{ cantidad: '1,555', fecha_expiracion: '2099-07-01' }, 'cantidad', CANTIDAD_DECIMALES],
    [{ cantidad: 5 }, 'fecha_expiracion', FECHA_REQUERIDA],
    [{ cantidad: 5, fecha_expiracion: ' ' }, 'fecha_expiracion', FECHA_REQUERIDA],
    [{ cantidad: 5, fecha_expiracion: '2099-02-30' }, 'fecha_expiracion', FECHA_FORMATO],
    [{ cantidad: 5, fecha_expiracion: '07/2099' }, 'fecha_expiracion', FECHA_FORMATO],
    [{ cantidad: 5, fecha_expiracion: '2000-01-01' }, 'fecha_expiracion', FECHA_NO_FUTURA],
    [{ cantidad: 5, fecha_expiracion: hoyEnChile() }, 'fecha_expiracion', FECHA_NO_FUTURA],
  ])('refuses %j with the upload’s Spanish message under its field, writing nothing', async (cuerpo, campo, mensaje) => {
    const { ofertaId } = await ofertaPropia();
    const res = await post(ofertaId, cuerpo);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ [campo]: [mensaje] });
    expect(await lotesDe(ofertaId)).toEqual([{ cantidad: 10, fecha_expiracion: '2099-05-01' }]);
  });

  it('takes tomorrow in Chile, the first day the upload takes', async () => {
    const { ofertaId } = await ofertaPropia();
    const manana = sumarDias(hoyEnChile(), 1);
    const res = await post(ofertaId, { cantidad: 1, fecha_expiracion: manana });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().fecha_expiracion).toBe(manana);
  });

  it('answers 400, never 500, to a body that is not an object', async () => {
    const { ofertaId } = await ofertaPropia();
    for (const cuerpo of [[], [1, 2], { cantidad: { a: 1 }, fecha_expiracion: ['2099-01-01'] }]) {
      expect((await post(ofertaId, cuerpo)).statusCode).toBe(400);
    }
  });

  it("puts the new stock in buyers' comparisons at once", async () => {
    // An offer without stock is not compared; the lot added makes it the only one of its product.
    const { productoId, ofertaId } = await ofertaPropia({ lotes: [] });
    const flujo = await createFlujo(ctx.t, [[productoId, 150]], ctx.tokens.comprador);
    const comparar = async () => {
      const res = await ctx.t.request({
        method: 'POST',
        url: '/api/cotizaciones/comparar-precios/',
        token: ctx.tokens.comprador,
        payload: { productos: [{ producto: productoId, cantidad: 150 }], solicitudId: flujo.solicitudId },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().resultados[0].opciones_seleccionadas;
    };
    expect(await comparar()).toEqual([]);

    expect((await post(ofertaId, { cantidad: 200, fecha_expiracion: '2099-06-01' })).statusCode).toBe(201);
    expect(await comparar()).toEqual([
      expect.objectContaining({ proveedor_producto_id: ofertaId, cantidad_proveida: 150, stock_disponible: 200, fecha_vencimiento: '2099-06-01' }),
    ]);
  });
});
