import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Lote, ProveedorProducto } from '#common/schemas/proveedor-productos';
import { type Db, readAll } from '#server/db/client';
import { producto, rangoPrecio, unidad } from '#server/db/schema/catalogo';
import { lote, proveedorProducto, proveedorProductoRango } from '#server/db/schema/proveedor';
import { ofertaVisible } from '#server/db/visible';

/** The supplier's live offers: its own, not archived, of a product that is not archived either. */
const vivasDe = (proveedorId: number) => and(eq(proveedorProducto.proveedor_id, proveedorId), ofertaVisible, isNull(producto.archivado_en));

/**
 * docs/producto.md §3 Provider product: the supplier's live offers (or one of them), each with its priced
 * tiers by label and its lots that still hold stock (lot id order within the expiry date). A lot
 * that orders emptied is history, not stock: it is left out, and an offer without lots reads
 * 'Sin stock' on the screen.
 */
export async function findProveedorProductos(db: Db, proveedorId: number, ofertaId?: number): Promise<ProveedorProducto[]> {
  const filtro = ofertaId === undefined ? vivasDe(proveedorId) : and(vivasDe(proveedorId), eq(proveedorProducto.id, ofertaId));
  const ofertas = await db
    .select({
      id: proveedorProducto.id,
      producto_id: proveedorProducto.producto_id,
      sku: proveedorProducto.sku,
      producto_nombre: producto.nombre,
      unidad: unidad.descripcion,
      tarifa: proveedorProducto.tarifa,
      estado_moderacion: producto.estado_moderacion,
      motivo_rechazo: producto.motivo_rechazo,
    })
    .from(proveedorProducto)
    .innerJoin(producto, eq(proveedorProducto.producto_id, producto.id))
    .innerJoin(unidad, eq(producto.unidad_id, unidad.id))
    .where(filtro)
    .orderBy(asc(proveedorProducto.id));
  if (ofertas.length === 0) return [];
  const ids = ofertas.map((o) => o.id);
  const [rangos, lotes] = await readAll(db, [
    () =>
      db
        .select({ oferta: proveedorProductoRango.proveedor_producto_id, nombre: rangoPrecio.nombre, precio: proveedorProductoRango.precio })
        .from(proveedorProductoRango)
        .innerJoin(rangoPrecio, eq(proveedorProductoRango.rango_precio_id, rangoPrecio.id))
        .where(inArray(proveedorProductoRango.proveedor_producto_id, ids))
        .orderBy(asc(rangoPrecio.limite_inferior)),
    () =>
      db
        .select({ oferta: lote.proveedor_producto_id, id: lote.id, cantidad: lote.cantidad, fecha_expiracion: lote.fecha_expiracion })
        .from(lote)
        .where(and(inArray(lote.proveedor_producto_id, ids), gt(lote.cantidad, 0)))
        .orderBy(asc(lote.fecha_expiracion), asc(lote.id)),
  ]);
  const rangosDe = new Map<number, Record<string, number>>();
  for (const t of rangos) rangosDe.set(t.oferta, { ...rangosDe.get(t.oferta), [t.nombre]: t.precio });
  const lotesDe = new Map<number, ProveedorProducto['stock']>();
  for (const { oferta, ...l } of lotes) lotesDe.set(oferta, [...(lotesDe.get(oferta) ?? []), l]);
  return ofertas.map((o) => ({ ...o, rangos: rangosDe.get(o.id) ?? {}, stock: lotesDe.get(o.id) ?? [] }));
}

/**
 * One live offer of this supplier, its row locked until the transaction ends (two edits of one
 * offer run one after the other); undefined when it is another supplier's, archived or missing.
 */
export async function lockOfertaPropia(db: Db, proveedorId: number, id: number): Promise<{ id: number; categoria_id: number } | undefined> {
  const [row] = await db
    .select({ id: proveedorProducto.id, categoria_id: producto.categoria_id })
    .from(proveedorProducto)
    .innerJoin(producto, eq(proveedorProducto.producto_id, producto.id))
    .where(and(vivasDe(proveedorId), eq(proveedorProducto.id, id)))
    .for('update', { of: proveedorProducto });
  return row;
}

/** The volume tiers of a category (docs/producto.md §9: 100, 300, 700, 1000 and 1500 kg), by label. */
export const findRangosDeCategoria = (db: Db, categoriaId: number) =>
  db.select({ id: rangoPrecio.id, nombre: rangoPrecio.nombre }).from(rangoPrecio).where(eq(rangoPrecio.categoria_id, categoriaId));

export async function updateTarifa(db: Db, ofertaId: number, tarifa: number): Promise<void> {
  await db.update(proveedorProducto).set({ tarifa, actualizado_en: sql`now()` }).where(eq(proveedorProducto.id, ofertaId));
}

/** Sets the offer's price of each tier given; null removes it (that tier then charges the tarifa). */
export async function setRangos(db: Db, ofertaId: number, precios: Array<{ rango_precio_id: number; precio: number | null }>): Promise<void> {
  const quitar = precios.filter((p) => p.precio === null).map((p) => p.rango_precio_id);
  const poner = precios.flatMap((p) => (p.precio === null ? [] : [{ proveedor_producto_id: ofertaId, rango_precio_id: p.rango_precio_id, precio: p.precio }]));
  if (quitar.length > 0) {
    await db
      .delete(proveedorProductoRango)
      .where(and(eq(proveedorProductoRango.proveedor_producto_id, ofertaId), inArray(proveedorProductoRango.rango_precio_id, quitar)));
  }
  if (poner.length > 0) {
    await db
      .insert(proveedorProductoRango)
      .values(poner)
      .onConflictDoUpdate({
        target: [proveedorProductoRango.proveedor_producto_id, proveedorProductoRango.rango_precio_id],
        set: { precio: sql`excluded.precio` },
      });
  }
}

/**
 * A lot of this offer, locked until the transaction ends: an order taking stock from it
 * (ordenes.repository lockLotesUsables) waits for the edit, or the edit for the order.
 */
export async function lockLote(db: Db, ofertaId: number, loteId: number): Promise<{ id: number; cantidad: number; fecha_expiracion: string } | undefined> {
  const [row] = await db
    .select({ id: lote.id, cantidad: lote.cantidad, fecha_expiracion: lote.fecha_expiracion })
    .from(lote)
    .where(and(eq(lote.id, loteId), eq(lote.proveedor_producto_id, ofertaId)))
    .for('update');
  return row;
}

/**
 * Deletes one lot row. Order lines that took stock from it keep their history: their
 * orden_linea_lote.lote_id becomes null and they keep the offer and the expiry (migration 0010), so
 * a returned pedido recreates the lot. Run it with the offer and the lot locked.
 */
export async function deleteLoteById(db: Db, loteId: number): Promise<void> {
  await db.delete(lote).where(eq(lote.id, loteId));
}

export async function updateLote(db: Db, loteId: number, valores: { cantidad?: number; fecha_expiracion: string }): Promise<void> {
  await db.update(lote).set(valores).where(eq(lote.id, loteId));
}

/** The offer's lot of that expiry date (its oldest, if several) gets this quantity; without one, a new lot. Run it with the offer locked. */
export async function upsertLote(db: Db, ofertaId: number, cantidad: number, fecha_expiracion: string): Promise<void> {
  const [existente] = await db
    .select({ id: lote.id })
    .from(lote)
    .where(and(eq(lote.proveedor_producto_id, ofertaId), eq(lote.fecha_expiracion, fecha_expiracion)))
    .orderBy(asc(lote.id))
    .limit(1)
    .for('update');
  if (existente) await db.update(lote).set({ cantidad }).where(eq(lote.id, existente.id));
  else await db.insert(lote).values({ proveedor_producto_id: ofertaId, cantidad, fecha_expiracion });
}

/** The offer's lot of that expiry date (its oldest, if several), locked until the transaction ends; undefined without one. */
export async function lockLoteDeFecha(db: Db, ofertaId: number, fecha_expiracion: string): Promise<{ id: number; cantidad: number } | undefined> {
  const [row] = await db
    .select({ id: lote.id, cantidad: lote.cantidad })
    .from(lote)
    .where(and(eq(lote.proveedor_producto_id, ofertaId), eq(lote.fecha_expiracion, fecha_expiracion)))
    .orderBy(asc(lote.id))
    .limit(1)
    .for('update');
  return row;
}

export async function insertLote(db: Db, ofertaId: number, cantidad: number, fecha_expiracion: string): Promise<Lote> {
  const [row] = await db
    .insert(lote)
    .values({ proveedor_producto_id: ofertaId, cantidad, fecha_expiracion })
    .returning({ id: lote.id, cantidad: lote.cantidad, fecha_expiracion: lote.fecha_expiracion });
  return row!;
}
