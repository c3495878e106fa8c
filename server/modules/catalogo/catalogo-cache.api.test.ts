import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsolidatedData } from '#common/schemas/catalogo';
import { buildApp } from '#server/app';
import { parseConfig } from '#server/config';
import { producto } from '#server/db/schema/catalogo';
import { lote } from '#server/db/schema/proveedor';
import { createOfertaDePrueba, createProductoDePrueba, findProveedorIds } from '#server/test/ofertas';
import { setupTestApp } from '#server/test/test-app';
import { createCatalogoCache } from './catalogo-cache';

/**
 * The quotation pickers' catalogue follows the comparison cache's model (docs/decisions/010): a
 * write answered by one app is in every app's catalogue on the very next request, and a write made
 * straight to the database shows once its notification arrives.
 */
// This app hears its notifications 300 ms late: a write that answered before its own catalogue
// heard it would still show the old list on the next request, on both databases.
const ctx = setupTestApp({ roleTokens: true, notifyDelayMs: 300 });

/** A second app on the same database, as a second process runs it: its own caches, its own listening connection. */
let otra: FastifyInstance;
beforeAll(async () => {
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', RATE_LIMIT_PER_MINUTE: '100000' });
  otra = await buildApp({ config, database: ctx.t.database, jwtSecret: 'secreto-de-pruebas-con-mas-de-32-caracteres' });
  await otra.ready();
});
afterAll(() => otra.close());

const URL = '/api/productos/consolidated-data/';
const catalogo = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: URL });
  expect(res.statusCode).toBe(200);
  return { etag: res.headers.etag as string, data: res.json() as ConsolidatedData };
};
const nombreEn = (data: ConsolidatedData, id: number) => data.productos.find((p) => p.id === id)?.nombre;

describe('the consolidated catalogue of every app, after a write', () => {
  it('a moderator’s approval through one app is in both apps’ catalogue on the very next request', async () => {
    const p = await createProductoDePrueba(ctx.t.database.db, { estado: 'pendiente' });
    await ctx.t.settle();
    for (const app of [ctx.t.app, otra]) expect(nombreEn((await catalogo(app)).data, p.id)).toBeUndefined();

    const m = await ctx.t.request({
      method: 'POST',
      url: '/api/productos/moderar-producto/',
      token: ctx.tokens.moderador,
      payload: { producto_id: p.id, accion: 'aprobar' },
    });
    expect(m.statusCode).toBe(200);
    for (const app of [ctx.t.app, otra]) expect(nombreEn((await catalogo(app)).data, p.id)).toBeDefined();
  });

  it('a product archived straight in the database (another process) leaves every app’s catalogue once its notification arrives', async () => {
    const { db } = ctx.t.database;
    const p = await createProductoDePrueba(db);
    await ctx.t.settle();
    for (const app of [ctx.t.app, otra]) expect(nombreEn((await catalogo(app)).data, p.id)).toBeDefined();

    await db.update(producto).set({ archivado_en: new Date() }).where(eq(producto.id, p.id));
    // The app's own sync: its marker comes after the write's notification, here and (the barrier) on the other app.
    await ctx.t.settle();
    for (const app of [ctx.t.app, otra]) expect(nombreEn((await catalogo(app)).data, p.id)).toBeUndefined();
  });

  it('stock and prices, which it does not show, keep its ETag; a renamed product changes it', async () => {
    const { db } = ctx.t.database;
    const p = await createProductoDePrueba(db);
    const [proveedor] = await findProveedorIds(db);
    const oferta = await createOfertaDePrueba(db, {
      productoId: p.id,
      categoriaId: p.categoria_id,
      proveedorId: proveedor!,
      tarifa: 5000,
      lotes: [[500, '2099-06-01']],
    });
    await ctx.t.settle();
    const antes = await catalogo(ctx.t.app);

    await db.update(lote).set({ cantidad: 120 }).where(eq(lote.proveedor_producto_id, oferta));
    await ctx.t.settle();
    const mismo = await ctx.t.request({ method: 'GET', url: URL, headers: { 'if-none-match': antes.etag } });
    expect(mismo.statusCode).toBe(304);

    await db
      .update(producto)
      .set({ nombre: `${nombreEn(antes.data, p.id)} renombrado` })
      .where(eq(producto.id, p.id));
    await ctx.t.settle();
    const despues = await catalogo(ctx.t.app);
    expect(despues.etag).not.toBe(antes.etag);
    expect(nombreEn(despues.data, p.id)).toBe(`${nombreEn(antes.data, p.id)} renombrado`);
  });
});

describe('createCatalogoCache', () => {
  it('keeps its copy while it listens, reads again what a notification names, and keeps nothing while it does not listen', async () => {
    const { db } = ctx.t.database;
    const cache = createCatalogoCache(db);
    const p = await createProductoDePrueba(db, { estado: 'pendiente' });
    const ids = async () => (JSON.parse((await cache.get()).body) as ConsolidatedData).productos.map((x) => x.id);

    cache.listening(true);
    expect(await ids()).not.toContain(p.id);
    await db.update(producto).set({ estado_moderacion: 'aprobado' }).where(eq(producto.id, p.id));
    // Nothing heard: the copy stays.
    expect(await ids()).not.toContain(p.id);
    cache.changed(p.id);
    expect(await ids()).toContain(p.id);

    cache.listening(false);
    await db.update(producto).set({ estado_moderacion: 'rechazado' }).where(eq(producto.id, p.id));
    expect(await ids()).not.toContain(p.id);
  });
});
