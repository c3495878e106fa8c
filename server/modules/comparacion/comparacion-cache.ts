import type { RangoPrecio } from '../../../common/schemas/catalogo';
import type { Db } from '../../db/client';
import { findRangosPrecios } from '../catalogo/catalogo.repository';
import { findOfertas, findProductosComparables, type ProductoComparable } from './comparacion.repository';
import type { Oferta } from './ofertas-vivas';

/**
 * How long one process may compare with what another process has changed (behind a load
 * balancer): a comparison is then what it would have been this long ago. docs/decisions/010.
 */
export const CACHE_TTL_MS = 10_000;
/** Offers kept, with their lots and tiers: the whole bench catalogue (2.000 products, 100.000 offers) is ~60 MB of heap. */
export const CACHE_MAX_OFERTAS = 100_000;

/** A requested product as a comparison shows it (undefined: the catalogue does not know it), and its offers. */
export interface ProductoConOfertas {
  producto: ProductoComparable | undefined;
  ofertas: Oferta[];
}

/**
 * What comparar-precios reads of the catalogue, kept between requests (docs/decisions/010):
 * each product with its offers, and the volume tiers. Reading ~1.500 offers with their lots and
 * tiers was most of a comparison; what is the buyer's (the request, its delivery record) is
 * always read from the database.
 *
 * Every write in this process that changes what a comparison sees invalidates it before it
 * answers: prices, tiers, lots and archiving by a supplier, the upload's confirmations, moderation
 * (all products), an order's stock (its products). A read that started before an invalidation
 * answers its own request but is not kept, so a write is never hidden behind an older read.
 * actualizar and crear-orden never read from here: they read and lock the database.
 */
export function createComparacionCache(db: Db, { ttlMs = CACHE_TTL_MS, maxOfertas = CACHE_MAX_OFERTAS, now = () => Date.now() } = {}) {
  const porProducto = new Map<number, { at: number; valor: ProductoConOfertas }>();
  const productoDeOferta = new Map<number, number>();
  let rangos: { at: number; valor: Promise<RangoPrecio[]> } | undefined;
  let ofertasGuardadas = 0;
  let generacion = 0;

  const quitar = (productoId: number) => {
    ofertasGuardadas -= porProducto.get(productoId)?.valor.ofertas.length ?? 0;
    porProducto.delete(productoId);
  };
  const guardar = (productoId: number, valor: ProductoConOfertas, at: number) => {
    // Map keeps insertion order: re-inserting makes it the newest, the first key is the oldest.
    quitar(productoId);
    porProducto.set(productoId, { at, valor });
    ofertasGuardadas += valor.ofertas.length;
    for (const o of valor.ofertas) productoDeOferta.set(o.proveedor_producto_id, productoId);
    while (ofertasGuardadas > maxOfertas && porProducto.size > 1) quitar(porProducto.keys().next().value!);
  };

  return {
    /** Each of these products with its offers (approved, not archived, lots with stock, in offer order). */
    async find(productoIds: readonly number[]): Promise<Map<number, ProductoConOfertas>> {
      const at = now();
      const encontrados = new Map<number, ProductoConOfertas>();
      const faltan: number[] = [];
      for (const id of productoIds) {
        const e = porProducto.get(id);
        if (e && at - e.at <= ttlMs) encontrados.set(id, e.valor);
        else faltan.push(id);
      }
      if (faltan.length === 0) return encontrados;
      const desde = generacion;
      const [productos, ofertas] = await Promise.all([findProductosComparables(db, faltan), findOfertas(db, faltan)]);
      const leidos = new Map<number, ProductoConOfertas>(faltan.map((id) => [id, { producto: undefined, ofertas: [] }]));
      for (const p of productos) leidos.get(p.id)!.producto = p;
      for (const o of ofertas) leidos.get(o.producto_id)!.ofertas.push(o);
      for (const [id, valor] of leidos) {
        encontrados.set(id, valor);
        if (desde === generacion) guardar(id, valor, at);
      }
      return encontrados;
    },
    /** The volume tiers of every category: reference data that only a migration changes. */
    findRangos(): Promise<RangoPrecio[]> {
      const at = now();
      if (!rangos || at - rangos.at > ttlMs) {
        const valor = findRangosPrecios(db);
        rangos = { at, valor };
        valor.catch(() => {
          rangos = undefined;
        });
      }
      return rangos.valor;
    },
    /** After a write that may change any product or offer (moderation, a supplier's edits, an upload). */
    invalidate(): void {
      generacion++;
      porProducto.clear();
      productoDeOferta.clear();
      ofertasGuardadas = 0;
    },
    /** After an order took stock from these offers: only their products are read again. */
    invalidateOfertas(proveedorProductoIds: readonly number[]): void {
      generacion++;
      for (const id of proveedorProductoIds) {
        const productoId = productoDeOferta.get(id);
        if (productoId !== undefined) quitar(productoId);
      }
    },
  };
}
export type ComparacionCache = ReturnType<typeof createComparacionCache>;
