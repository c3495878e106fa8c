import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client';
import { producto } from '#server/db/schema/catalogo';
import { cotizacion, opcion, solicitud } from '#server/db/schema/cotizaciones';
import { orden, ordenLinea, ordenLineaLote, pedido } from '#server/db/schema/ordenes';
import { lote, proveedorProducto } from '#server/db/schema/proveedor';
import { usuario } from '#server/db/schema/usuario';
import { setupTestApp } from '#server/test/test-app';
import { archiveProveedorProducto } from '#server/modules/proveedor/proveedor.repository';
import { findConsolidatedData } from './catalogo.repository';

const ctx = setupTestApp();

/** A quotation option and an order line (with the lot it took stock from) on one offer. */
async function historyOn(db: Db, ofertaId: number) {
  const [oferta] = await db.select().from(proveedorProducto).where(eq(proveedorProducto.id, ofertaId));
  const [stock] = await db.select().from(lote).where(eq(lote.proveedor_producto_id, ofertaId)).limit(1);
  return db.transaction(async (tx) => {
    const [s] = await tx.insert(solicitud).values({}).returning();
    const [c] = await tx.insert(cotizacion).values({ solicitud_id: s!.id }).returning();
    const [o] = await tx
      .insert(opcion)
      .values({
        cotizacion_id: c!.id,
        producto_id: oferta!.producto_id,
        proveedor_producto_id: ofertaId,
        cantidad_solicitada: 10,
        cantidad_proveida: 10,
        precio: oferta!.tarifa,
        estado: 'seleccionado',
      })
      .returning();
    const [ord] = await tx
      .insert(orden)
      .values({ cotizacion_id: c!.id, total: oferta!.tarifa * 10 })
      .returning();
    const [ped] = await tx
      .insert(pedido)
      .values({ orden_id: ord!.id, proveedor_id: oferta!.proveedor_id, subtotal: oferta!.tarifa * 10 })
      .returning();
    const [l] = await tx
      .insert(ordenLinea)
      .values({
        orden_id: ord!.id,
        pedido_id: ped!.id,
        proveedor_producto_id: ofertaId,
        proveedor_id: oferta!.proveedor_id,
        proveedor_nombre: 'Proveedor',
        producto_nombre: 'Producto',
        cantidad: 10,
        precio: oferta!.tarifa,
        subtotal: oferta!.tarifa * 10,
      })
      .returning();
    await tx
      .insert(ordenLineaLote)
      .values({ orden_linea_id: l!.id, lote_id: stock!.id, proveedor_producto_id: ofertaId, fecha_expiracion: stock!.fecha_expiracion, cantidad: 10 });
    return { oferta: oferta!, opcionId: o!.id, lineaId: l!.id, loteId: stock!.id };
  });
}

/** Runs a statement that must fail; the error it gave (PostgreSQL's code is on the cause for drizzle). */
async function refused(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code ?? 'error';
  }
  return 'ok';
}

describe('archiving keeps history (DESIGN §2)', () => {
  let ofertaId: number;
  beforeAll(async () => {
    const [con] = await ctx.t.database.db.selectDistinct({ id: lote.proveedor_producto_id }).from(lote).orderBy(lote.proveedor_producto_id).limit(1);
    ofertaId = con!.id;
  });

  it('archives an offer of its supplier only; its quotation option, order line and lot stay', async () => {
    const { db } = ctx.t.database;
    const h = await historyOn(db, ofertaId);
    const [otro] = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, 'ventas@frigorificolosandes.cl'));
    const otroId = otro!.id === h.oferta.proveedor_id ? otro!.id + 1 : otro!.id;

    expect(await archiveProveedorProducto(db, otroId, ofertaId)).toBe(false);
    expect((await db.select().from(proveedorProducto).where(eq(proveedorProducto.id, ofertaId)))[0]!.archivado_en).toBeNull();

    expect(await archiveProveedorProducto(db, h.oferta.proveedor_id, ofertaId)).toBe(true);
    const [archivada] = await db.select().from(proveedorProducto).where(eq(proveedorProducto.id, ofertaId));
    expect(archivada!.archivado_en).toBeInstanceOf(Date);
    // Archiving again keeps the first date.
    expect(await archiveProveedorProducto(db, h.oferta.proveedor_id, ofertaId)).toBe(true);
    expect((await db.select().from(proveedorProducto).where(eq(proveedorProducto.id, ofertaId)))[0]!.archivado_en).toEqual(archivada!.archivado_en);

    expect(await db.select().from(opcion).where(eq(opcion.id, h.opcionId))).toMatchObject([{ proveedor_producto_id: ofertaId, precio: h.oferta.tarifa }]);
    expect(await db.select().from(ordenLinea).where(eq(ordenLinea.id, h.lineaId))).toMatchObject([
      { proveedor_producto_id: ofertaId, precio: h.oferta.tarifa },
    ]);
    const linea = await db.query.ordenLinea.findFirst({ where: eq(ordenLinea.id, h.lineaId), with: { lotes: { with: { lote: true } } } });
    expect(linea?.lotes).toMatchObject([{ lote_id: h.loteId, cantidad: 10, lote: { id: h.loteId, proveedor_producto_id: ofertaId } }]);
  });

  it('refuses to hard-delete an offer, a product or a supplier that history refers to (no cascade)', async () => {
    const { db } = ctx.t.database;
    const h = await historyOn(db, ofertaId);
    // 23503 foreign_key_violation; PostgreSQL 18 (the embedded engine) reports ON DELETE RESTRICT as 23001.
    const foreignKey = ['23001', '23503'];
    expect(foreignKey).toContain(await refused(() => db.delete(proveedorProducto).where(eq(proveedorProducto.id, ofertaId))));
    expect(foreignKey).toContain(await refused(() => db.delete(producto).where(eq(producto.id, h.oferta.producto_id))));
    expect(foreignKey).toContain(await refused(() => db.delete(usuario).where(eq(usuario.id, h.oferta.proveedor_id))));
    expect(await db.select({ id: opcion.id }).from(opcion).where(eq(opcion.id, h.opcionId))).toHaveLength(1);
    expect(await db.select({ id: ordenLinea.id }).from(ordenLinea).where(eq(ordenLinea.id, h.lineaId))).toHaveLength(1);
    expect(await db.select().from(lote).where(eq(lote.id, h.loteId))).toHaveLength(1);
  });

  it('an archived product (with all its offers) leaves consolidated-data; its history stays', async () => {
    const { db } = ctx.t.database;
    const [oferta] = await db.select().from(proveedorProducto).where(eq(proveedorProducto.id, ofertaId));
    const productoId = oferta!.producto_id;
    const h = await historyOn(db, ofertaId);
    expect((await findConsolidatedData(db)).productos.some((p) => p.id === productoId)).toBe(true);

    // Archived as DESIGN §2 describes, in the database: no endpoint archives a catalogue product.
    await db.update(producto).set({ archivado_en: new Date() }).where(eq(producto.id, productoId));
    await db.update(proveedorProducto).set({ archivado_en: new Date() }).where(eq(proveedorProducto.producto_id, productoId));

    const res = await ctx.t.request({ method: 'GET', url: '/api/productos/consolidated-data/' });
    expect(res.statusCode).toBe(200);
    expect(res.json().productos.some((p: { id: number }) => p.id === productoId)).toBe(false);
    expect(await db.select({ id: opcion.id }).from(opcion).where(eq(opcion.id, h.opcionId))).toHaveLength(1);
    expect(await db.select({ id: ordenLinea.id }).from(ordenLinea).where(eq(ordenLinea.id, h.lineaId))).toHaveLength(1);
  });
  it('lets a lot an order took from be deleted: the order keeps its offer and expiry to give the stock back to', async () => {
    const { db } = ctx.t.database;
    const h = await historyOn(db, ofertaId);
    const [antes] = await db.select().from(lote).where(eq(lote.id, h.loteId));
    await db.delete(lote).where(eq(lote.id, h.loteId));
    expect(await db.select().from(ordenLineaLote).where(eq(ordenLineaLote.orden_linea_id, h.lineaId))).toMatchObject([
      { lote_id: null, proveedor_producto_id: ofertaId, fecha_expiracion: antes!.fecha_expiracion, cantidad: 10 },
    ]);
    expect(await db.select({ id: ordenLinea.id }).from(ordenLinea).where(eq(ordenLinea.id, h.lineaId))).toHaveLength(1);
  });
});
