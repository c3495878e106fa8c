import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lote, proveedorProducto } from '../../db/schema/proveedor';
import { setupTestApp, type TestApp } from '../../test/test-app';
import { createUser } from '../../test/users';
import { createFlujo, crearOrden, type Flujo } from '../ordenes/cotizacion-de-prueba';
import { filaCarga } from '../proveedor/carga-de-prueba';
import { createOfertaDePrueba, createProductoDePrueba, findProveedorIds } from './fixtures';
import { createComparacionCache } from './comparacion-cache';

/**
 * The offers cache (docs/decisions/010): every write of this process that changes what a
 * comparison sees shows in the very next comparison; writes of other processes show within the TTL.
 */
const ctx = setupTestApp({ roleTokens: true });
const LOTE: [number, string] = [500, '2099-06-01'];

/** What a comparison of 100 units of the product offers, by offer: [precio, stock]; a new request unless `f` is given. */
async function ofertasEnComparacion(t: TestApp, productoId: number, f?: Flujo) {
  const cantidad = 100;
  f ??= await createFlujo(t, [[productoId, cantidad]]);
  const res = await t.request({
    method: 'POST',
    url: '/api/cotizaciones/comparar-precios/',
    headers: { 'x-clave-cotizacion': f.clave! },
    payload: { productos: [{ producto: productoId, cantidad }], solicitudId: f.solicitudId },
  });
  const opciones = res
    .json()
    .resultados.flatMap((r: { opciones_seleccionadas: unknown[]; opciones_adicionales: unknown[] }) => [
      ...r.opciones_seleccionadas,
      ...r.opciones_adicionales,
    ]);
  return Object.fromEntries(
    opciones.map((o: { proveedor_producto_id: number; precio: number; stock_disponible: number }) => [o.proveedor_producto_id, [o.precio, o.stock_disponible]]),
  );
}

describe('the offers a comparison reads, after writes of this process', () => {
  it('an order: the stock it took is gone from the next comparison', async () => {
    const { db } = ctx.t.database;
    const p = await createProductoDePrueba(db);
    const [proveedor] = await findProveedorIds(db);
    const oferta = await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId: proveedor!, tarifa: 5000, lotes: [LOTE] });
    const f = await createFlujo(ctx.t, [[p.id, 300]]);
    expect((await crearOrden(ctx.t, f)).statusCode).toBe(201);
    expect(await ofertasEnComparacion(ctx.t, p.id)).toEqual({ [oferta]: [5000, 200] });
  });

  it('a supplier’s edit and deletion on /mis-productos-proovedor', async () => {
    const { db } = ctx.t.database;
    const proveedor = await createUser(ctx.t, 'proveedor');
    const p = await createProductoDePrueba(db);
    const oferta = await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId: proveedor.id, tarifa: 5000, lotes: [LOTE] });
    expect(await ofertasEnComparacion(ctx.t, p.id)).toEqual({ [oferta]: [5000, 500] });

    const url = `/api/productos/proveedoresproductos/${oferta}/`;
    const [lote1] = await db.select({ id: lote.id }).from(lote).where(eq(lote.proveedor_producto_id, oferta));
    const edicion = { tarifa: 4200, fecha_expiracion: LOTE[1], cantidad: 450, cantidad_anterior: 500, stock_id: lote1!.id };
    expect((await ctx.t.request({ method: 'PATCH', url, token: proveedor.access, payload: edicion })).statusCode).toBe(200);
    expect(await ofertasEnComparacion(ctx.t, p.id)).toEqual({ [oferta]: [4200, 450] });

    expect((await ctx.t.request({ method: 'DELETE', url, token: proveedor.access })).statusCode).toBe(204);
    expect(await ofertasEnComparacion(ctx.t, p.id)).toEqual({});
  });

  it('an upload’s confirmations: actualizar-precios and registrar-nuevos', async () => {
    const { db } = ctx.t.database;
    const proveedor = await createUser(ctx.t, 'proveedor');
    const p = await createProductoDePrueba(db);
    const oferta = await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId: proveedor.id, tarifa: 5000, lotes: [LOTE] });
    const [{ sku }] = (await db.select({ sku: proveedorProducto.sku }).from(proveedorProducto).where(eq(proveedorProducto.id, oferta))) as [{ sku: string }];
    expect(await ofertasEnComparacion(ctx.t, p.id)).toEqual({ [oferta]: [5000, 500] });

    const actualizar = { productos: [filaCarga({ sku, nombre: 'x', precio: 3900, stock: 500, fecha_vencimiento: LOTE[1] })] };
    const a = await ctx.t.request({ method: 'PUT', url: '/api/productos/actualizar-precios/', token: proveedor.access, payload: actualizar });
    expect(a.json()).toEqual({ actualizados: 1, errores: [] });
    expect(await ofertasEnComparacion(ctx.t, p.id)).toEqual({ [oferta]: [3900, 500] });

    const otro = await createUser(ctx.t, 'proveedor');
    const nueva = { productos: [filaCarga({ sku: `N-${otro.id}`, nombre: 'x', precio: 3500, stock: 300, producto: p.id })], categoria_id: p.categoria_id };
    const r = await ctx.t.request({ method: 'POST', url: '/api/productos/registrar-nuevos/', token: otro.access, payload: nueva });
    expect(r.json(), r.body).toEqual({ registrados: 1, errores: [] });
    expect(Object.values(await ofertasEnComparacion(ctx.t, p.id))).toEqual([
      [3900, 500],
      [3500, 300],
    ]);
  });

  it('moderation: an approved product’s offers show at once', async () => {
    const { db } = ctx.t.database;
    const [proveedor] = await findProveedorIds(db);
    const otro = await createProductoDePrueba(db);
    const f = await createFlujo(ctx.t, [[otro.id, 100]]);
    const p = await createProductoDePrueba(db, { estado: 'pendiente' });
    const oferta = await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId: proveedor!, tarifa: 5000, lotes: [LOTE] });
    // Compared while pending (unidentified): what the comparison read for it is "no offers".
    expect(await ofertasEnComparacion(ctx.t, p.id, f)).toEqual({});
    const m = await ctx.t.request({
      method: 'POST',
      url: '/api/productos/moderar-producto/',
      token: ctx.tokens.moderador,
      payload: { producto_id: p.id, accion: 'aprobar' },
    });
    expect(m.statusCode, m.body).toBe(200);
    expect(await ofertasEnComparacion(ctx.t, p.id, f)).toEqual({ [oferta]: [5000, 500] });
  });
});

describe('createComparacionCache', () => {
  it('shows another process’s writes once the TTL has passed, not before', async () => {
    const { db } = ctx.t.database;
    let ahora = 1_000_000;
    const cache = createComparacionCache(db, { ttlMs: 10_000, now: () => ahora });
    const p = await createProductoDePrueba(db);
    const [a, b] = await findProveedorIds(db);
    const primera = await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId: a!, tarifa: 5000, lotes: [LOTE] });
    const ids = async () => (await cache.find([p.id])).get(p.id)!.ofertas.map((o) => o.proveedor_producto_id);
    expect(await ids()).toEqual([primera]);

    // Written straight to the database, as another process behind a load balancer would.
    const segunda = await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId: b!, tarifa: 4000, lotes: [LOTE] });
    ahora += 10_000;
    expect(await ids()).toEqual([primera]);
    ahora += 1;
    expect(await ids()).toEqual([primera, segunda]);
  });

  it('does not keep a read that an invalidation overtook', async () => {
    const { db } = ctx.t.database;
    const cache = createComparacionCache(db, { now: () => 0 });
    const p = await createProductoDePrueba(db);
    const [a] = await findProveedorIds(db);
    const enCurso = cache.find([p.id]);
    cache.invalidate();
    expect((await enCurso).get(p.id)!.ofertas).toEqual([]);
    const oferta = await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId: a!, tarifa: 5000, lotes: [LOTE] });
    expect((await cache.find([p.id])).get(p.id)!.ofertas.map((o) => o.proveedor_producto_id)).toEqual([oferta]);
  });

  it('invalidateOfertas reads again only the products of those offers; the one read longest ago leaves past the bound', async () => {
    const { db } = ctx.t.database;
    const cache = createComparacionCache(db, { now: () => 0, maxOfertas: 3 });
    const [a, b] = await findProveedorIds(db);
    const [p1, p2, p3] = [await createProductoDePrueba(db), await createProductoDePrueba(db), await createProductoDePrueba(db)];
    const oferta = (p: { id: number; categoria_id: number }, proveedorId: number) =>
      createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId, tarifa: 5000, lotes: [LOTE] });
    const o1 = await oferta(p1, a!);
    await oferta(p2, a!);
    const cuantas = async (p: { id: number }) => (await cache.find([p.id])).get(p.id)!.ofertas.length;
    await cache.find([p1.id, p2.id]);
    await oferta(p1, b!);
    await oferta(p2, b!);
    cache.invalidateOfertas([o1]);
    expect([await cuantas(p1), await cuantas(p2)]).toEqual([2, 1]);
    // p3's offer makes four, over the bound of three: p2, read from the database longest ago,
    // leaves (p1 was read again since) and is read again.
    await oferta(p3, a!);
    await cache.find([p3.id]);
    expect(await cuantas(p2)).toBe(2);
  });
});
