import type { Db } from '../../db/client';
import { findOfertas, type Oferta } from './comparacion.repository';

/**
 * How long one process may compare with offers another process has changed (behind a load
 * balancer): a comparison is then what it would have been this long ago. docs/decisions/010.
 */
export const OFERTAS_TTL_MS = 10_000;
/** Products kept: the whole 2.000-product bench catalogue, ~100.000 offers, fits (~40 MB). */
export const OFERTAS_MAX_PRODUCTOS = 5_000;

/**
 * The offers of each product as comparar-precios reads them, kept per product between requests
 * (docs/decisions/010): reading ~1.500 offers with their lots and tiers was most of a comparison.
 *
 * Every write in this process that changes what a comparison sees invalidates it before it
 * answers: prices, tiers, lots and archiving by a supplier, the upload's confirmations, moderation
 * (all products), an order's stock (its products). A read that started before an invalidation
 * answers its own request but is not kept, so a write is never hidden behind an older read.
 * actualizar and crear-orden never read from here: they read and lock the database.
 */
export function createOfertasCache(db: Db, { ttlMs = OFERTAS_TTL_MS, maxProductos = OFERTAS_MAX_PRODUCTOS, now = () => Date.now() } = {}) {
  const porProducto = new Map<number, { at: number; ofertas: Oferta[] }>();
  const productoDeOferta = new Map<number, number>();
  let generacion = 0;

  const guardar = (productoId: number, ofertas: Oferta[], at: number) => {
    // Map keeps insertion order: re-inserting makes it the newest, the first key is the oldest.
    porProducto.delete(productoId);
    porProducto.set(productoId, { at, ofertas });
    for (const o of ofertas) productoDeOferta.set(o.proveedor_producto_id, productoId);
    while (porProducto.size > maxProductos) porProducto.delete(porProducto.keys().next().value!);
  };

  return {
    /** The offers of each of these products (approved, not archived, lots with stock), each in offer order. */
    async find(productoIds: readonly number[]): Promise<Map<number, Oferta[]>> {
      const at = now();
      const ofertasDe = new Map<number, Oferta[]>();
      const faltan: number[] = [];
      for (const id of productoIds) {
        const e = porProducto.get(id);
        if (e && at - e.at <= ttlMs) ofertasDe.set(id, e.ofertas);
        else faltan.push(id);
      }
      if (faltan.length > 0) {
        const desde = generacion;
        const leidas = new Map<number, Oferta[]>(faltan.map((id) => [id, []]));
        for (const o of await findOfertas(db, faltan)) leidas.get(o.producto_id)!.push(o);
        for (const [id, ofertas] of leidas) {
          ofertasDe.set(id, ofertas);
          if (desde === generacion) guardar(id, ofertas, at);
        }
      }
      return ofertasDe;
    },
    /** After a write that may change any product's offers (moderation, a supplier's edits, an upload). */
    invalidate(): void {
      generacion++;
      porProducto.clear();
      productoDeOferta.clear();
    },
    /** After an order took stock from these offers: only their products are read again. */
    invalidateOfertas(proveedorProductoIds: readonly number[]): void {
      generacion++;
      for (const id of proveedorProductoIds) {
        const productoId = productoDeOferta.get(id);
        if (productoId !== undefined) porProducto.delete(productoId);
      }
    },
  };
}
export type OfertasCache = ReturnType<typeof createOfertasCache>;
