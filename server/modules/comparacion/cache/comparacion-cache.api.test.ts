import { eq, sql } from 'drizzle-orm';
import { crearOrdenConfirmada } from '#server/test/por-confirmar';
import { type Database, type Listener, queryRows } from '#server/db/client';
import { producto } from '#server/db/schema/catalogo';
import { usuario } from '#server/db/schema/usuario';
import type { Db } from '#server/db/client';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { lote, proveedorProducto } from '#server/db/schema/proveedor';
import { setupTestApp, type TestApp } from '#server/test/test-app';
import { createUser } from '#server/test/users';
import { createFlujo, type Flujo } from '#server/test/cotizacion';
import { filaCarga } from '#server/test/carga';
import { createOfertaDePrueba, createProductoDePrueba, findProveedorIds } from '#server/test/ofertas';
import { createTextos, decodeProducto, encodeProducto, isCompacto, type ProductoCompacto } from './catalogo-compacto';
import { CATALOGO_CHANNEL, type ComparacionCache, createComparacionCache, type ProductoConOfertas } from './comparacion-cache';
import { findOfertas, findProductosComparables } from '../comparacion.repository';
import { findCondicionesDefinidas, upsertCondiciones } from '#server/modules/condiciones/condiciones.repository';

/**
 * The offers cache (docs/decisions/010): every write of this process that changes what a
 * comparison sees shows in the very next comparison; writes made elsewhere show once the
 * database's notification of them arrives.
 */
// The app hears its notifications 300 ms late: a write route that answered before the cache applied
// its own write (no sync()) fails the first describe's tests on both databases.
const ctx = setupTestApp({ roleTokens: true, notifyDelayMs: 300 });
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
    const [compra, comparacion] = [await createFlujo(ctx.t, [[p.id, 300]]), await createFlujo(ctx.t, [[p.id, 100]])];
    await ctx.t.settle();
    expect(await ofertasEnComparacion(ctx.t, p.id, comparacion)).toEqual({ [oferta]: [5000, 500] });
    expect((await crearOrdenConfirmada(ctx.t, compra)).statusCode).toBe(201);
    expect(await ofertasEnComparacion(ctx.t, p.id, comparacion)).toEqual({ [oferta]: [5000, 200] });
  });

  it('a supplier’s edit and deletion on /mis-productos-proovedor', async () => {
    const { db } = ctx.t.database;
    const proveedor = await createUser(ctx.t, 'proveedor');
    const p = await createProductoDePrueba(db);
    const oferta = await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId: proveedor.id, tarifa: 5000, lotes: [LOTE] });
    const f = await createFlujo(ctx.t, [[p.id, 100]]);
    await ctx.t.settle();
    expect(await ofertasEnComparacion(ctx.t, p.id, f)).toEqual({ [oferta]: [5000, 500] });

    const url = `/api/productos/proveedoresproductos/${oferta}/`;
    const [lote1] = await db.select({ id: lote.id }).from(lote).where(eq(lote.proveedor_producto_id, oferta));
    const edicion = { tarifa: 4200, fecha_expiracion: LOTE[1], cantidad: 450, cantidad_anterior: 500, stock_id: lote1!.id };
    expect((await ctx.t.request({ method: 'PATCH', url, token: proveedor.access, payload: edicion })).statusCode).toBe(200);
    expect(await ofertasEnComparacion(ctx.t, p.id, f)).toEqual({ [oferta]: [4200, 450] });

    expect((await ctx.t.request({ method: 'DELETE', url, token: proveedor.access })).statusCode).toBe(204);
    expect(await ofertasEnComparacion(ctx.t, p.id, f)).toEqual({});
  });

  it('an upload’s confirmations: actualizar-precios and registrar-nuevos', async () => {
    const { db } = ctx.t.database;
    const proveedor = await createUser(ctx.t, 'proveedor');
    const p = await createProductoDePrueba(db);
    const oferta = await createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId: proveedor.id, tarifa: 5000, lotes: [LOTE] });
    const [{ sku }] = (await db.select({ sku: proveedorProducto.sku }).from(proveedorProducto).where(eq(proveedorProducto.id, oferta))) as [{ sku: string }];
    const f = await createFlujo(ctx.t, [[p.id, 100]]);
    await ctx.t.settle();
    expect(await ofertasEnComparacion(ctx.t, p.id, f)).toEqual({ [oferta]: [5000, 500] });

    const actualizar = { productos: [filaCarga({ sku, nombre: 'x', precio: 3900, stock: 500, fecha_vencimiento: LOTE[1] })] };
    const a = await ctx.t.request({ method: 'PUT', url: '/api/productos/actualizar-precios/', token: proveedor.access, payload: actualizar });
    expect(a.json()).toEqual({ actualizados: 1, errores: [] });
    expect(await ofertasEnComparacion(ctx.t, p.id, f)).toEqual({ [oferta]: [3900, 500] });

    const otro = await createUser(ctx.t, 'proveedor');
    await ctx.t.settle();
    const nueva = { productos: [filaCarga({ sku: `N-${otro.id}`, nombre: 'x', precio: 3500, stock: 300, producto: p.id })], categoria_id: p.categoria_id };
    const r = await ctx.t.request({ method: 'POST', url: '/api/productos/registrar-nuevos/', token: otro.access, payload: nueva });
    expect(r.json(), r.body).toEqual({ registrados: 1, errores: [] });
    expect(Object.values(await ofertasEnComparacion(ctx.t, p.id, f))).toEqual([
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
    await ctx.t.settle();
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

/** An offer of 500 units at 5,000, written straight to the database. */
const oferta = (db: Db, p: { id: number; categoria_id: number }, proveedorId: number, tarifa = 5000) =>
  createOfertaDePrueba(db, { productoId: p.id, categoriaId: p.categoria_id, proveedorId, tarifa, lotes: [LOTE] });

describe('createComparacionCache', () => {
  const idsDe = async (cache: ComparacionCache, p: { id: number }) => (await cache.find([p.id])).get(p.id)!.ofertas.map((o) => o.proveedor_producto_id);

  /** Started, its preload done, stopped when the test ends (passed or not). */
  async function started(cache: ComparacionCache) {
    onTestFinished(() => cache.stop());
    await (await cache.start()).preloading;
    return cache;
  }

  /** A cache on the test database whose notifications the test sends by hand. */
  async function cacheAMano(maxEntries?: number) {
    let listener!: Listener;
    const database: Pick<Database, 'db' | 'listen'> = {
      db: ctx.t.database.db,
      listen: async (_, l) => {
        listener = l;
        l.listening(true);
        return async () => {};
      },
    };
    return { cache: await started(createComparacionCache(database, { maxEntries })), listener };
  }

  it('starts with the live catalogue read', async () => {
    const { cache } = await cacheAMano();
    const [fila] = await queryRows<{ productos: number }>(
      ctx.t.database.db,
      sql`select count(*)::int as productos from producto where estado_moderacion = 'aprobado' and archivado_en is null`,
    );
    expect(cache.size().productos).toBe(fila!.productos);
    expect(cache.size().entries).toBeGreaterThan(fila!.productos);
  });

  it('shows writes made straight to the database, as another process makes them, once their notification arrives', async () => {
    const { db } = ctx.t.database;
    const cache = await started(createComparacionCache(ctx.t.database));
    const p = await createProductoDePrueba(db);
    const [a, b] = await findProveedorIds(db);
    const primera = await oferta(db, p, a!);
    await cache.sync();
    const antes = cache.size().productos;
    expect(await idsDe(cache, p)).toEqual([primera]);
    // Kept: from here on only notifications can change what it shows.
    expect(cache.size().productos).toBe(antes + 1);

    // No route, no call into the cache: only migration 0009's triggers tell it.
    const segunda = await oferta(db, p, b!);
    await cache.sync();
    expect(await idsDe(cache, p)).toEqual([primera, segunda]);
    await db.update(lote).set({ cantidad: 0 }).where(eq(lote.proveedor_producto_id, primera));
    await cache.sync();
    expect(await idsDe(cache, p)).toEqual([segunda]);
  });

  it('sync returns once the notifications committed before it are applied, however late they arrive', async () => {
    const { db } = ctx.t.database;
    const lenta: Pick<Database, 'db' | 'listen'> = {
      db,
      listen: (canal, l) => ctx.t.database.listen(canal, { notify: (n) => setTimeout(() => l.notify(n), 100), listening: l.listening }),
    };
    const cache = await started(createComparacionCache(lenta));
    const p = await createProductoDePrueba(db);
    const [a] = await findProveedorIds(db);
    const primera = await oferta(db, p, a!);
    await cache.sync();
    expect(await idsDe(cache, p)).toEqual([primera]);
    await db.update(lote).set({ cantidad: 0 }).where(eq(lote.proveedor_producto_id, primera));
    await cache.sync();
    expect(await idsDe(cache, p)).toEqual([]);
  });

  it('does not keep a read that a notification of its product overtook; other products’ notifications do not matter', async () => {
    const { db } = ctx.t.database;
    const { cache, listener } = await cacheAMano();
    const [a] = await findProveedorIds(db);
    const [p, q] = [await createProductoDePrueba(db), await createProductoDePrueba(db)];
    const enCurso = cache.find([p.id, q.id]);
    listener.notify(String(p.id));
    expect((await enCurso).get(p.id)!.ofertas).toEqual([]);
    const [op, oq] = [await oferta(db, p, a!), await oferta(db, q, a!)];
    expect(await idsDe(cache, p)).toEqual([op]);
    // q's read was kept: without a notification, its new offer does not show.
    expect(await idsDe(cache, q)).toEqual([]);
    listener.notify(String(q.id));
    expect(await idsDe(cache, q)).toEqual([oq]);
  });

  it('keeps nothing while not listening, forgets everything when listening again, and lets no writer wait for a marker that cannot come', async () => {
    const { db } = ctx.t.database;
    const { cache, listener } = await cacheAMano();
    const [a, b] = await findProveedorIds(db);
    const p = await createProductoDePrueba(db);
    const primera = await oferta(db, p, a!);
    expect(await idsDe(cache, p)).toEqual([primera]);
    // The hand-made listener never hears the marker: only the drop lets sync return (before its 2 s).
    const escritor = cache.sync();
    listener.listening(false);
    await escritor;
    expect(cache.size()).toEqual({ productos: 0, entries: 0 });
    const segunda = await oferta(db, p, b!);
    expect(await idsDe(cache, p)).toEqual([primera, segunda]);
    expect(cache.size().productos).toBe(0);
    listener.listening(true);
    expect(await idsDe(cache, p)).toEqual([primera, segunda]);
  });

  it('past its bound, the product read longest ago leaves; a product without offers counts as one', async () => {
    const { db } = ctx.t.database;
    // A bound of 4: the preload stops at its first eviction, and the products below push out whatever it left.
    const { cache } = await cacheAMano(4);
    const [a, b] = await findProveedorIds(db);
    const [p1, p2, p3, vacio] = [
      await createProductoDePrueba(db),
      await createProductoDePrueba(db),
      await createProductoDePrueba(db),
      await createProductoDePrueba(db),
    ];
    await oferta(db, p1, a!);
    await oferta(db, p2, a!);
    await cache.find([p1.id, p2.id, vacio.id]);
    await oferta(db, p2, b!);
    await oferta(db, p3, a!);
    await oferta(db, p3, b!);
    // p3's two offers make five, over the bound of four: p1, read first, leaves.
    await cache.find([p3.id]);
    expect(cache.size()).toEqual({ productos: 3, entries: 4 });
    // p2 was kept as read (one offer); p1 is read again, and now p2 leaves.
    expect((await idsDe(cache, p2)).length).toBe(1);
    expect((await idsDe(cache, p1)).length).toBe(1);
    expect(cache.size()).toEqual({ productos: 3, entries: 4 });
  });

  /** What the cache's own read builds, straight from the repository: the product, its offers, its suppliers' terms. */
  async function leidoDeLaBase(db: Db, ids: number[]): Promise<Map<number, ProductoConOfertas>> {
    const [productos, ofertas] = await Promise.all([findProductosComparables(db, ids), findOfertas(db, ids)]);
    const condiciones = await findCondicionesDefinidas(
      db,
      ofertas.map((o) => o.proveedor_id),
    );
    return new Map(
      ids.map((id) => {
        const suyas = ofertas.filter((o) => o.producto_id === id);
        const terminos = new Map(suyas.flatMap((o) => (condiciones.has(o.proveedor_id) ? [[o.proveedor_id, condiciones.get(o.proveedor_id)!] as const] : [])));
        return [id, { producto: productos.find((p) => p.id === id), ofertas: suyas, condiciones: terminos }];
      }),
    );
  }

  it('packed (docs/decisions/015), answers exactly what a read of the database gives: the demo catalogue, and tiers, lots, names and terms of every kind', async () => {
    const { db } = ctx.t.database;
    const [a, b] = await findProveedorIds(db);
    // A supplier known by its person's name (no empresa), with delivery terms that leave free delivery null.
    const persona = await createUser(ctx.t, 'proveedor');
    await db.update(usuario).set({ empresa: '', first_name: 'Ñuñoa', last_name: 'Pérez' }).where(eq(usuario.id, persona.id));
    await upsertCondiciones(
      db,
      persona.id,
      {
        todas_las_comunas: false,
        dias_despacho: [5, 1],
        anticipacion_dias: 2,
        hora_corte: '11:30',
        monto_minimo: 20000,
        costo_despacho: 4990,
        despacho_gratis_desde: null,
      },
      [],
    );
    const conTodo = await createProductoDePrueba(db);
    const ofertas = [
      // Tiers written out of order, one left blank (precio 0); lots with hundredths, one empty, one long expired.
      await createOfertaDePrueba(db, {
        productoId: conTodo.id,
        categoriaId: conTodo.categoria_id,
        proveedorId: persona.id,
        tarifa: 5990,
        rangos: { 700: 5100, 100: 5800, 300: 0 },
        lotes: [
          [12.34, '2099-12-31'],
          [0, '2099-01-01'],
          [9_999_999_999.99, '2030-02-28'],
          [0.01, '2001-01-01'],
          [7.5, '9999-12-31'],
          [3, '0001-01-01'],
        ],
      }),
      await createOfertaDePrueba(db, { productoId: conTodo.id, categoriaId: conTodo.categoria_id, proveedorId: a!, tarifa: 1, lotes: [[1, '2099-06-01']] }),
      // No lot with stock, and archived: neither is an offer.
      await createOfertaDePrueba(db, { productoId: conTodo.id, categoriaId: conTodo.categoria_id, proveedorId: b!, tarifa: 4000, lotes: [[0, '2099-06-01']] }),
      await createOfertaDePrueba(db, {
        productoId: conTodo.id,
        categoriaId: conTodo.categoria_id,
        proveedorId: b!,
        tarifa: 4000,
        lotes: [LOTE],
        archivada: true,
      }),
    ];
    const sinOfertas = await createProductoDePrueba(db);
    const pendiente = await createProductoDePrueba(db, { estado: 'pendiente' });
    await createOfertaDePrueba(db, { productoId: pendiente.id, categoriaId: pendiente.categoria_id, proveedorId: a!, tarifa: 3000, lotes: [LOTE] });
    const archivado = await createProductoDePrueba(db, { archivado: true });
    const todos = (await db.select({ id: producto.id }).from(producto)).map((p) => p.id);
    const ids = [...todos, 2_000_000_000];

    const esperado = await leidoDeLaBase(db, ids);
    expect(esperado.get(conTodo.id)!.ofertas.map((o) => o.proveedor_producto_id)).toEqual(ofertas.slice(0, 2));
    // Both suppliers of its offers: every offer compared is of a supplier with terms (docs/decisions/024).
    expect(esperado.get(conTodo.id)!.condiciones.size).toBe(2);
    expect([sinOfertas, pendiente, archivado].map((p) => esperado.get(p.id)!.ofertas)).toEqual([[], [], []]);
    // Live products are packed by the preload (its own query); the others are read when asked for, then held.
    const { cache, listener } = await cacheAMano();
    expect(cache.size().productos).toBeGreaterThan(100);
    expect(await cache.find(ids)).toStrictEqual(esperado);
    expect(cache.size().productos).toBe(ids.length);
    expect(await cache.find(ids)).toStrictEqual(esperado);
    // Notified, each is read as a comparison reads it and packed from that read.
    for (const id of ids) listener.notify(String(id));
    expect(cache.size().productos).toBe(0);
    expect(await cache.find(ids)).toStrictEqual(esperado);
    expect(await cache.find(ids)).toStrictEqual(esperado);
    expect(cache.size().productos).toBe(ids.length);
    const textos = createTextos();
    for (const [id, valor] of esperado) {
      const packed = encodeProducto(valor, textos);
      expect(isCompacto(packed), `producto ${id}`).toBe(true);
      expect(decodeProducto(packed as ProductoCompacto, textos)).toStrictEqual(valor);
    }
  });
});

describe('migration 0009: what notifies a product', () => {
  it('its row, its offers, their tiers and lots, and its suppliers’ names, each in its own commit', async () => {
    const { db } = ctx.t.database;
    const oidos: string[] = [];
    const unlisten = await ctx.t.database.listen(CATALOGO_CHANNEL, { notify: (n) => oidos.push(n), listening: () => {} });
    const proveedor = await createUser(ctx.t, 'proveedor');
    const p = await createProductoDePrueba(db);
    const otro = await createProductoDePrueba(db);
    let marcas = 0;
    /** Returns once this listener heard everything committed so far: its own marker comes after it. */
    const alDia = async () => {
      const marca = `marca ${++marcas}`;
      await db.execute(sql`select pg_notify(${CATALOGO_CHANNEL}, ${marca})`);
      await vi.waitFor(() => expect(oidos).toContain(marca), { timeout: 5_000 });
    };
    /** The products one write notified. */
    const notifica = async (escribir: () => Promise<unknown>) => {
      await alDia();
      oidos.length = 0;
      await escribir();
      await alDia();
      return [...new Set(oidos.filter((n) => !n.startsWith('marca ')))].sort();
    };
    const id = String(p.id);
    let ofertaId = 0;
    expect(await notifica(async () => (ofertaId = await oferta(db, p, proveedor.id)))).toEqual([id]);
    expect(await notifica(() => db.update(proveedorProducto).set({ tarifa: 4000 }).where(eq(proveedorProducto.id, ofertaId)))).toEqual([id]);
    const rango = sql`insert into proveedor_producto_rango (proveedor_producto_id, rango_precio_id, precio)
      select ${ofertaId}, id, 3900 from rango_precio where categoria_id = ${p.categoria_id} order by limite_inferior limit 1`;
    expect(await notifica(() => db.execute(rango))).toEqual([id]);
    expect(await notifica(() => db.update(lote).set({ cantidad: 10 }).where(eq(lote.proveedor_producto_id, ofertaId)))).toEqual([id]);
    expect(await notifica(() => db.update(producto).set({ estado_moderacion: 'rechazado' }).where(eq(producto.id, p.id)))).toEqual([id]);
    expect(await notifica(() => db.update(usuario).set({ empresa: 'Otra Razón Social' }).where(eq(usuario.id, proveedor.id)))).toEqual([id]);
    // A login touches the user's row but not the names a comparison shows.
    expect(await notifica(() => db.update(usuario).set({ last_login: new Date() }).where(eq(usuario.id, proveedor.id)))).toEqual([]);
    // An offer moved to another product: both.
    expect(await notifica(() => db.update(proveedorProducto).set({ producto_id: otro.id }).where(eq(proveedorProducto.id, ofertaId)))).toEqual(
      [id, String(otro.id)].sort(),
    );
    expect(await notifica(() => db.delete(lote).where(eq(lote.proveedor_producto_id, ofertaId)))).toEqual([String(otro.id)]);
    await unlisten();
  });
});

it.skipIf(!process.env.DATABASE_URL)('PostgreSQL: a listening connection the server drops is opened again, and hears again', async () => {
  const { db } = ctx.t.database;
  const estados: boolean[] = [];
  const oidos: string[] = [];
  const unlisten = await ctx.t.database.listen(CATALOGO_CHANNEL, { notify: (n) => oidos.push(n), listening: (activo) => estados.push(activo) });
  await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
    where datname = current_database() and query = ${`LISTEN "${CATALOGO_CHANNEL}"`} and pid <> pg_backend_pid()`);
  await vi.waitFor(() => expect(estados).toEqual([true, false, true]), { timeout: 5_000 });
  await db.execute(sql`select pg_notify(${CATALOGO_CHANNEL}, 'de vuelta')`);
  await vi.waitFor(() => expect(oidos).toContain('de vuelta'), { timeout: 5_000 });
  await unlisten();
});
