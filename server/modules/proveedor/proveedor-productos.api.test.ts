import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CANTIDAD_INVALIDA,
  COMPLETA_CAMPOS,
  FECHA_VENCIMIENTO_FUTURA,
  PRECIO_DEMASIADO_ALTO,
  PRECIO_DIGITOS,
  PRECIO_INVALIDO,
  PRECIO_SIN_DECIMALES,
  type ProveedorProducto,
  rangoDesconocido,
  rangoInvalido,
  rangoSobreAnterior,
  rangoSobrePrecio,
} from '#common/schemas/proveedor-productos';
import { producto } from '#server/db/schema/catalogo';
import { cotizacion, opcion, solicitud } from '#server/db/schema/cotizaciones';
import { ordenLineaLote } from '#server/db/schema/ordenes';
import { lote, proveedorProducto } from '#server/db/schema/proveedor';
import { usuario } from '#server/db/schema/usuario';
import { createOrden, LEJOS, proveedorIds } from '#server/test/pedidos';
import { createOfertaDePrueba, createProductoDePrueba } from '#server/test/ofertas';
import { ROLES } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';

const ctx = setupTestApp({ roleTokens: true });
const URL = '/api/productos/proveedoresproductos/';

const list = async (token = ctx.tokens.proveedor): Promise<ProveedorProducto[]> => {
  const res = await ctx.t.request({ method: 'GET', url: URL, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const patch = (id: number, payload: Record<string, unknown>, token = ctx.tokens.proveedor) =>
  ctx.t.request({ method: 'PATCH', url: `${URL}${id}/`, payload, token });
const remove = (id: number, token = ctx.tokens.proveedor) => ctx.t.request({ method: 'DELETE', url: `${URL}${id}/`, token });
const removeLote = (id: number, loteId: number, token = ctx.tokens.proveedor) =>
  ctx.t.request({ method: 'DELETE', url: `${URL}${id}/lotes/${loteId}/`, token });
const lotesDe = (ofertaId: number) => ctx.t.database.db.select().from(lote).where(eq(lote.proveedor_producto_id, ofertaId)).orderBy(lote.id);

/** An approved offer of the demo supplier with at least one lot with stock; each test takes another one. */
let usadas = 0;
async function ofertaConStock(): Promise<ProveedorProducto> {
  const propias = (await list()).filter((o) => o.estado_moderacion === 'aprobado' && o.stock.length > 0);
  return propias[usadas++]!;
}

describe('GET proveedoresproductos/ (docs/producto.md §3 Provider product)', () => {
  it('answers 401 anonymous and 403 to buyers and moderators', async () => {
    expect((await ctx.t.request({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await ctx.t.request({ method: 'GET', url: URL, token: ctx.tokens.comprador })).statusCode).toBe(403);
    expect((await ctx.t.request({ method: 'GET', url: URL, token: ctx.tokens.moderador })).statusCode).toBe(403);
  });

  it("lists only the caller's own live offers, with tiers by label, lots with stock and the moderation state", async () => {
    const { db } = ctx.t.database;
    const [yo] = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, ROLES.proveedor));
    const propias = await db
      .select({ id: proveedorProducto.id })
      .from(proveedorProducto)
      .where(and(eq(proveedorProducto.proveedor_id, yo!.id), isNull(proveedorProducto.archivado_en)));
    const mias = await list();
    const otras = await list(ctx.tokens.otroProveedor);
    expect(mias.map((o) => o.id).sort((a, b) => a - b)).toEqual(propias.map((o) => o.id).sort((a, b) => a - b));
    expect(otras.length).toBeGreaterThan(0);
    expect(otras.some((o) => mias.some((m) => m.id === o.id))).toBe(false);

    // The seed's three pending products were proposed by this supplier.
    expect(mias.filter((o) => o.estado_moderacion === 'pendiente').map((o) => o.producto_nombre)).toEqual(
      expect.arrayContaining(['Cordero magallánico pierna', 'Queso de cabra fresco', 'Longaniza de Chillán']),
    );
    const conRangos = mias.find((o) => Object.keys(o.rangos).length === 5)!;
    expect(Object.keys(conRangos.rangos)).toEqual(['Desde 100 kg', 'Desde 300 kg', 'Desde 700 kg', 'Desde 1000 kg', 'Desde 1500 kg']);
    for (const o of mias) for (const l of o.stock) expect(l.cantidad).toBeGreaterThan(0);
    expect(mias[0]).toMatchObject({ sku: expect.any(String), producto_nombre: expect.any(String), tarifa: expect.any(Number), motivo_rechazo: null });
  });
});

describe('PATCH proveedoresproductos/{id}/ (docs/producto.md §5 Supplier product edit, §8)', () => {
  let oferta: ProveedorProducto;
  let cuerpo: Record<string, unknown>;
  beforeAll(async () => {
    oferta = await ofertaConStock();
    const l = oferta.stock[0]!;
    cuerpo = {
      tarifa: String(oferta.tarifa),
      cantidad: String(l.cantidad),
      cantidad_anterior: l.cantidad,
      fecha_expiracion: l.fecha_expiracion,
      stock_id: l.id,
    };
  });

  it('answers 401 anonymous, 403 to buyers and moderators, 404 to another supplier; nothing changes', async () => {
    expect((await patch(oferta.id, { ...cuerpo, tarifa: '1' }, '')).statusCode).toBe(401);
    expect((await patch(oferta.id, { ...cuerpo, tarifa: '1' }, ctx.tokens.comprador)).statusCode).toBe(403);
    expect((await patch(oferta.id, { ...cuerpo, tarifa: '1' }, ctx.tokens.moderador)).statusCode).toBe(403);
    const ajena = await patch(oferta.id, { ...cuerpo, tarifa: '1' }, ctx.tokens.otroProveedor);
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json()).toEqual({ detail: 'Producto no encontrado.' });
    expect((await list()).find((o) => o.id === oferta.id)!.tarifa).toBe(oferta.tarifa);
    expect((await patch(2_000_000_000, cuerpo)).statusCode).toBe(404);
  });

  it.each([
    [{ tarifa: '' }, 'tarifa', COMPLETA_CAMPOS],
    [{ tarifa: null }, 'tarifa', COMPLETA_CAMPOS],
    [{ fecha_expiracion: '' }, 'fecha_expiracion', COMPLETA_CAMPOS],
    [{ tarifa: '12345678901' }, 'tarifa', PRECIO_DIGITOS],
    [{ tarifa: 'abc' }, 'tarifa', PRECIO_INVALIDO],
    [{ tarifa: '0' }, 'tarifa', PRECIO_INVALIDO],
    [{ tarifa: -5 }, 'tarifa', PRECIO_INVALIDO],
    [{ tarifa: '4990.5' }, 'tarifa', PRECIO_SIN_DECIMALES],
    [{ rangos: { 'Desde 300 kg': '-1' } }, 'rangos', rangoInvalido('Desde 300 kg')],
    [{ rangos: { 'Desde 300 kg': 'mucho' } }, 'rangos', rangoInvalido('Desde 300 kg')],
    [{ rangos: { 'Desde 50 kg': '100' } }, 'rangos', rangoDesconocido('Desde 50 kg')],
    [{ cantidad: '-3' }, 'cantidad', CANTIDAD_INVALIDA],
    [{ fecha_expiracion: '2000-01-01' }, 'fecha_expiracion', FECHA_VENCIMIENTO_FUTURA],
  ])('refuses %j with the Spanish message under its field, writing nothing', async (cambio, campo, mensaje) => {
    const res = await patch(oferta.id, { ...cuerpo, tarifa: '99999', rangos: { 'Desde 100 kg': '99000' }, ...cambio });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [campo]: [mensaje] });
    const ahora = (await list()).find((o) => o.id === oferta.id)!;
    expect(ahora.tarifa).toBe(oferta.tarifa);
    expect(ahora.rangos).toEqual(oferta.rangos);
  });

  it('saves the price, the tiers (an empty one removes its price) and the lot', async () => {
    const res = await patch(oferta.id, {
      ...cuerpo,
      tarifa: '5990',
      cantidad: '321,5',
      fecha_expiracion: '2099-06-30',
      rangos: { 'Desde 100 kg': '5800', 'Desde 300 kg': 5600, 'Desde 700 kg': '', 'Desde 1000 kg': null, 'Desde 1500 kg': '0' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const guardada: ProveedorProducto = res.json();
    expect(guardada).toMatchObject({ id: oferta.id, tarifa: 5990, rangos: { 'Desde 100 kg': 5800, 'Desde 300 kg': 5600, 'Desde 1500 kg': 0 } });
    expect(Object.keys(guardada.rangos)).toHaveLength(3);
    expect(guardada.stock.find((l) => l.id === cuerpo.stock_id)).toEqual({ id: cuerpo.stock_id, cantidad: 321.5, fecha_expiracion: '2099-06-30' });
    expect((await list()).find((o) => o.id === oferta.id)).toEqual(guardada);
    // The same edit again changes nothing.
    cuerpo = { ...cuerpo, tarifa: '5990', cantidad: '321.5', cantidad_anterior: 321.5, fecha_expiracion: '2099-06-30' };
    expect((await patch(oferta.id, { ...cuerpo, tarifa: '5990', rangos: guardada.rangos })).json()).toEqual(guardada);
  });

  it("reads prices typed the Chilean way: '4.990' is $4.990, '4,5' is refused", async () => {
    const res = await patch(oferta.id, { ...cuerpo, tarifa: '5.990', rangos: { 'Desde 100 kg': '5.800' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ tarifa: 5990, rangos: { 'Desde 100 kg': 5800 } });
    expect((await patch(oferta.id, { ...cuerpo, tarifa: '5,5' })).json()).toEqual({ tarifa: [PRECIO_SIN_DECIMALES] });
  });

  it('never gives back stock an order took meanwhile (docs/decisions/009)', async () => {
    const { db } = ctx.t.database;
    const loteId = cuerpo.stock_id as number;
    // An order takes 21.5 while the form still shows 321.5 (orders decrement lots in place, docs/decisions/007).
    await db.update(lote).set({ cantidad: 300 }).where(eq(lote.id, loteId));

    // Quantity untouched (only the price edited): the lot keeps what the order left.
    const soloPrecio = await patch(oferta.id, { ...cuerpo, tarifa: '6100' });
    expect(soloPrecio.statusCode, soloPrecio.body).toBe(200);
    expect((await lotesDe(oferta.id)).find((l) => l.id === loteId)!.cantidad).toBe(300);

    // Quantity changed from what the form showed: refused, saying what is left.
    const cambio = await patch(oferta.id, { ...cuerpo, cantidad: '400' });
    expect(cambio.statusCode).toBe(400);
    expect(cambio.json().cantidad[0]).toContain('ahora quedan 300 kg');
    expect((await lotesDe(oferta.id)).find((l) => l.id === loteId)!.cantidad).toBe(300);

    // From the quantity now shown it goes through; without cantidad_anterior the value is taken as the stock on hand.
    expect((await patch(oferta.id, { ...cuerpo, cantidad: '400', cantidad_anterior: 300 })).statusCode).toBe(200);
    expect((await patch(oferta.id, { ...cuerpo, cantidad: '410', cantidad_anterior: undefined })).statusCode).toBe(200);
    expect((await lotesDe(oferta.id)).find((l) => l.id === loteId)!.cantidad).toBe(410);
  });

  it('two edits of the same lot from the same screen: the second one sees the first and is refused', async () => {
    const loteId = cuerpo.stock_id as number;
    const [antes] = (await lotesDe(oferta.id)).filter((l) => l.id === loteId);
    const desde = { ...cuerpo, cantidad_anterior: antes!.cantidad };
    const [a, b] = await Promise.all([patch(oferta.id, { ...desde, cantidad: '500' }), patch(oferta.id, { ...desde, cantidad: '600' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const ganadora = a.statusCode === 200 ? 500 : 600;
    expect((await lotesDe(oferta.id)).find((l) => l.id === loteId)!.cantidad).toBe(ganadora);
    cuerpo = { ...cuerpo, cantidad: String(ganadora), cantidad_anterior: ganadora };
  });

  it('a lot emptied to 0 leaves the list; a sold-out row given stock gets a new lot', async () => {
    const otra = await ofertaConStock();
    for (const l of otra.stock) {
      const res = await patch(otra.id, {
        tarifa: otra.tarifa,
        cantidad: 0,
        cantidad_anterior: l.cantidad,
        fecha_expiracion: l.fecha_expiracion,
        stock_id: l.id,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await list()).find((o) => o.id === otra.id)!.stock).toEqual([]);
    // The lots stay (orders may point at them), holding 0.
    expect((await lotesDe(otra.id)).map((l) => l.cantidad)).toEqual(otra.stock.map(() => 0));

    expect((await patch(otra.id, { tarifa: otra.tarifa, cantidad: '50', fecha_expiracion: '2000-01-01' })).json()).toEqual({
      fecha_expiracion: [FECHA_VENCIMIENTO_FUTURA],
    });
    const repuesta = await patch(otra.id, { tarifa: otra.tarifa, cantidad: '50', fecha_expiracion: '2099-01-31' });
    expect(repuesta.json().stock).toEqual([{ id: expect.any(Number), cantidad: 50, fecha_expiracion: '2099-01-31' }]);
  });

  it('a quantity for a row without stock (no stock_id), sent twice, is one lot with that quantity (it made two)', async () => {
    const { db } = ctx.t.database;
    const sinStock = await ofertaConStock();
    await db.update(lote).set({ cantidad: 0 }).where(eq(lote.proveedor_producto_id, sinStock.id));
    const antes = await lotesDe(sinStock.id);
    const nuevo = { tarifa: String(sinStock.tarifa), cantidad: '40', fecha_expiracion: '2099-08-01' };
    for (let vez = 0; vez < 2; vez++) expect((await patch(sinStock.id, nuevo)).statusCode).toBe(200);
    const despues = await lotesDe(sinStock.id);
    expect(despues).toHaveLength(antes.length + 1);
    expect(despues.filter((l) => l.fecha_expiracion === '2099-08-01').map((l) => l.cantidad)).toEqual([40]);
    // Two at once too: the offer's lock puts one after the other.
    await Promise.all([patch(sinStock.id, { ...nuevo, cantidad: '55' }), patch(sinStock.id, { ...nuevo, cantidad: '55' })]);
    expect((await lotesDe(sinStock.id)).filter((l) => l.fecha_expiracion === '2099-08-01').map((l) => l.cantidad)).toEqual([55]);
  });

  it('refuses a tier priced above a lower tier or above the price, counting the tiers it keeps; writes nothing (docs/decisions/008)', async () => {
    const antes = (await list()).find((o) => o.id === oferta.id)!;
    const base = { ...cuerpo, tarifa: String(antes.tarifa) };
    const subida = await patch(oferta.id, { ...base, rangos: { 'Desde 100 kg': '5000', 'Desde 300 kg': '5100' } });
    expect(subida.statusCode).toBe(400);
    expect(subida.json()).toEqual({ rangos: [rangoSobreAnterior('Desde 300 kg', 5100, 'Desde 100 kg', 5000)] });
    // Only the 1500 kg tier sent: it is checked against the 100 kg tier the offer keeps.
    const sola = await patch(oferta.id, { ...base, rangos: { 'Desde 1500 kg': String(antes.rangos['Desde 100 kg']! + 1) } });
    expect(sola.json()).toEqual({
      rangos: [rangoSobreAnterior('Desde 1500 kg', antes.rangos['Desde 100 kg']! + 1, 'Desde 300 kg', antes.rangos['Desde 300 kg']!)],
    });
    // A price lowered under the tiers it keeps.
    const bajada = await patch(oferta.id, { ...base, tarifa: '100' });
    expect(bajada.json()).toEqual({
      rangos: [rangoSobrePrecio('Desde 100 kg', antes.rangos['Desde 100 kg']!, 100), rangoSobrePrecio('Desde 300 kg', antes.rangos['Desde 300 kg']!, 100)],
    });
    expect((await list()).find((o) => o.id === oferta.id)).toEqual(antes);
  });

  it('refuses a price or a tier above $10.000.000 (totals stay exact); the top itself is a price', async () => {
    const antes = (await list()).find((o) => o.id === oferta.id)!;
    expect((await patch(oferta.id, { ...cuerpo, tarifa: '2147483647' })).json()).toEqual({ tarifa: [PRECIO_DEMASIADO_ALTO] });
    expect((await patch(oferta.id, { ...cuerpo, tarifa: 10_000_001 })).json()).toEqual({ tarifa: [PRECIO_DEMASIADO_ALTO] });
    expect((await patch(oferta.id, { ...cuerpo, rangos: { 'Desde 100 kg': 10_000_001 } })).json()).toEqual({ rangos: [PRECIO_DEMASIADO_ALTO] });
    expect((await list()).find((o) => o.id === oferta.id)).toEqual(antes);
  });

  it("a product sold by the box names its tiers 'Desde 100 cajas': the edit takes them so, and its messages say so", async () => {
    const { db } = ctx.t.database;
    const [yo] = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, ROLES.proveedor));
    const caja = await createProductoDePrueba(db, { unidadNombre: 'CAJA' });
    const id = await createOfertaDePrueba(db, {
      productoId: caja.id,
      categoriaId: caja.categoria_id,
      proveedorId: yo!.id,
      tarifa: 12000,
      lotes: [[40, LEJOS]],
    });
    const [l] = await lotesDe(id);
    const body = { tarifa: '12000', fecha_expiracion: LEJOS, stock_id: l!.id };
    const guardada = await patch(id, { ...body, rangos: { 'Desde 100 cajas': '11500', 'Desde 300 kg': '11000' } });
    expect(guardada.statusCode, guardada.body).toBe(200);
    expect(guardada.json()).toMatchObject({ unidad: 'CAJA', rangos: { 'Desde 100 kg': 11500, 'Desde 300 kg': 11000 } });
    expect((await patch(id, { ...body, rangos: { 'Desde 700 cajas': '11800' } })).json()).toEqual({
      rangos: [rangoSobreAnterior('Desde 700 cajas', 11800, 'Desde 300 cajas', 11000)],
    });
    expect((await patch(id, { ...body, rangos: { 'Desde 50 cajas': '1' } })).json()).toEqual({ rangos: [rangoDesconocido('Desde 50 cajas')] });
  });

  it('answers 404 for a lot of another offer and for an archived offer', async () => {
    const otra = await ofertaConStock();
    expect((await patch(oferta.id, { ...cuerpo, stock_id: otra.stock[0]!.id })).json()).toEqual({ detail: 'Lote no encontrado.' });
    expect((await remove(otra.id)).statusCode).toBe(204);
    expect((await patch(otra.id, { tarifa: '1000', fecha_expiracion: '2099-01-31' })).statusCode).toBe(404);
  });
});

describe('DELETE proveedoresproductos/{id}/ archives (DESIGN §2)', () => {
  it('answers 401, 403 and 404 to everyone but the owner; the owner archives it and the history stays', async () => {
    const { db } = ctx.t.database;
    const oferta = await ofertaConStock();
    const [fila] = await db.select().from(proveedorProducto).where(eq(proveedorProducto.id, oferta.id));
    // A quotation option on the offer: history that must survive.
    const [s] = await db.insert(solicitud).values({}).returning();
    const [c] = await db.insert(cotizacion).values({ solicitud_id: s!.id }).returning();
    const [o] = await db
      .insert(opcion)
      .values({
        cotizacion_id: c!.id,
        producto_id: fila!.producto_id,
        proveedor_producto_id: oferta.id,
        cantidad_solicitada: 10,
        cantidad_proveida: 10,
        precio: 1000,
        estado: 'seleccionado',
      })
      .returning();

    expect((await remove(oferta.id, '')).statusCode).toBe(401);
    expect((await remove(oferta.id, ctx.tokens.comprador)).statusCode).toBe(403);
    expect((await remove(oferta.id, ctx.tokens.moderador)).statusCode).toBe(403);
    expect((await remove(oferta.id, ctx.tokens.otroProveedor)).statusCode).toBe(404);
    expect((await list()).some((x) => x.id === oferta.id)).toBe(true);

    const res = await remove(oferta.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await list()).some((x) => x.id === oferta.id)).toBe(false);
    // Archived, not deleted: the offer, its lots and the quotation option are all still there.
    const [archivada] = await db.select().from(proveedorProducto).where(eq(proveedorProducto.id, oferta.id));
    expect(archivada!.archivado_en).toBeInstanceOf(Date);
    expect(await lotesDe(oferta.id)).toHaveLength(oferta.stock.length);
    expect(await db.select().from(opcion).where(eq(opcion.id, o!.id))).toHaveLength(1);
    expect((await db.select().from(producto).where(eq(producto.id, fila!.producto_id)))[0]!.archivado_en).toBeNull();
    // Gone for the API: a second delete is a 404.
    expect((await remove(oferta.id)).statusCode).toBe(404);
  });
});

describe('DELETE proveedoresproductos/{id}/lotes/{loteId}/ removes one lot', () => {
  it('answers 401 anonymous, 403 to buyers and moderators, 404 to another supplier; nothing changes', async () => {
    const oferta = await ofertaConStock();
    const l = oferta.stock[0]!;
    expect((await removeLote(oferta.id, l.id, '')).statusCode).toBe(401);
    expect((await removeLote(oferta.id, l.id, ctx.tokens.comprador)).statusCode).toBe(403);
    expect((await removeLote(oferta.id, l.id, ctx.tokens.moderador)).statusCode).toBe(403);
    const ajena = await removeLote(oferta.id, l.id, ctx.tokens.otroProveedor);
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json()).toEqual({ detail: 'Producto no encontrado.' });
    expect((await lotesDe(oferta.id)).some((x) => x.id === l.id)).toBe(true);
  });

  it('answers 404 for a missing lot, a lot of another offer and an invalid path id', async () => {
    const oferta = await ofertaConStock();
    const otra = await ofertaConStock();
    expect((await removeLote(oferta.id, 2_000_000_000)).json()).toEqual({ detail: 'Lote no encontrado.' });
    expect((await removeLote(oferta.id, otra.stock[0]!.id)).json()).toEqual({ detail: 'Lote no encontrado.' });
    expect((await removeLote(2_000_000_000, oferta.stock[0]!.id)).statusCode).toBe(404);
    expect((await removeLote(oferta.id, '+1' as unknown as number)).statusCode).toBe(400);
    expect(await lotesDe(otra.id)).toHaveLength(otra.stock.length);
  });

  it('the owner removes that lot only: the offer stays, with its other lots and prices', async () => {
    const { db } = ctx.t.database;
    const { proveedor } = await proveedorIds(ctx.t);
    const oferta = await ofertaConStock();
    // Two lots at least, as on the screen where one row of 150 kg took 800 kg with it.
    await db.insert(lote).values({ proveedor_producto_id: oferta.id, cantidad: 150, fecha_expiracion: '2099-03-15' });
    const antes = (await list()).find((o) => o.id === oferta.id)!;
    const quitado = antes.stock.find((l) => l.fecha_expiracion === '2099-03-15')!;

    const res = await removeLote(oferta.id, quitado.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const despues = (await list()).find((o) => o.id === oferta.id)!;
    expect(despues).toEqual({ ...antes, stock: antes.stock.filter((l) => l.id !== quitado.id) });
    expect(despues.stock.length).toBeGreaterThan(0);
    const [fila] = await db.select().from(proveedorProducto).where(eq(proveedorProducto.id, oferta.id));
    expect(fila).toMatchObject({ proveedor_id: proveedor, archivado_en: null });
    // Gone: a second delete is a 404.
    expect((await removeLote(oferta.id, quitado.id)).statusCode).toBe(404);
  });

  it('a lot an order took stock from may go: the order keeps what it took, with the offer and the expiry (migration 0010)', async () => {
    const { db } = ctx.t.database;
    const { proveedor } = await proveedorIds(ctx.t);
    const orden = await createOrden(ctx.t, [{ proveedorId: proveedor, tarifa: 3000, lotes: [[500, LEJOS]], cantidad: 120 }], ctx.tokens.comprador);
    const ofertaId = orden.ofertas[0]!;
    const [tomado] = await lotesDe(ofertaId);
    expect(tomado!.cantidad).toBe(380);

    expect((await removeLote(ofertaId, tomado!.id)).statusCode).toBe(204);
    expect(await lotesDe(ofertaId)).toEqual([]);
    expect((await list()).find((o) => o.id === ofertaId)!.stock).toEqual([]);
    const historia = await db.select().from(ordenLineaLote).where(eq(ordenLineaLote.proveedor_producto_id, ofertaId));
    expect(historia).toEqual([expect.objectContaining({ lote_id: null, proveedor_producto_id: ofertaId, fecha_expiracion: LEJOS, cantidad: 120 })]);
  });
});
