import { createHash } from 'node:crypto';
import { indiceDeProductos } from '#common/buscar-productos';
import type { ConsolidatedData, ProductoEncontrado } from '#common/schemas/catalogo';
import type { Db } from '#server/db/client';
import { findConsolidatedData } from './catalogo.repository';

/**
 * Past this many products changed since the copy was made, it is read again whole rather than
 * product by product (an upload of 50,000 lots notifies every product it touched).
 */
const MAX_REVALIDATED = 500;

export interface CachedJson {
  body: string;
  etag: string;
}

/** A copy of the catalogue: what is served, and each product's entry in it, to tell whether a change touched it. */
interface Copia extends CachedJson {
  entradas: Map<number, string>;
  /** The search over this copy's products, built on the first search and kept as long as the copy. */
  buscar?: (q: string) => ProductoEncontrado[];
}

/**
 * The consolidated catalogue, serialised once and shared by every request until the catalogue
 * changes, on the comparison cache's model (docs/decisions/010): the database notifies the id of
 * every product a commit touched (migration 0009), and the comparison cache's listener hands each
 * one here too, in the same order (`changed`), as it applies it; so its `sync()` covers this copy
 * as well, on this process and, through the barrier, on every other one. While nobody listens,
 * nothing is kept. Most notifications are stock or prices, which this copy does not show: the
 * next request reads only the products notified and keeps the copy (and its ETag) when their
 * entries did not change. Categories, origins, brands and units change only by migrations and seed.
 */
export function createCatalogoCache(db: Db) {
  let held: { value: Promise<Copia>; version: number } | undefined;
  /** Events counted as they arrive: the last one that changed each product, the last time everything was forgotten. */
  let events = 0;
  const changedAt = new Map<number, number>();
  let forgotAllAt = 0;
  let listening = false;

  const load = async (): Promise<Copia> => {
    const data = await findConsolidatedData(db);
    const body = JSON.stringify(data);
    return {
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      entradas: new Map(data.productos.map((p) => [p.id, JSON.stringify(p)])),
    };
  };
  /** `copia`, when none of these products' entries changed; else the catalogue read again. */
  const revalidate = async (copia: Promise<Copia>, ids: number[]): Promise<Copia> => {
    const [antes, { productos }] = await Promise.all([copia, findConsolidatedData(db, ids)]);
    const ahora = new Map(productos.map((p) => [p.id, JSON.stringify(p)]));
    return ids.every((id) => antes.entradas.get(id) === ahora.get(id)) ? antes : load();
  };

  return {
    async get(): Promise<CachedJson> {
      if (!listening) return load();
      const version = events;
      if (!held || held.version < version) {
        const base = held && forgotAllAt <= held.version ? held : undefined;
        const ids = base ? [...changedAt].filter(([, at]) => at > base.version).map(([id]) => id) : [];
        const value = base && ids.length <= MAX_REVALIDATED ? revalidate(base.value, ids) : load();
        // What this copy covers is counted from here: an event that arrives while it is read makes the next request look again.
        for (const [id, at] of changedAt) if (at <= version) changedAt.delete(id);
        const entry = { value, version };
        held = entry;
        value.catch(() => {
          if (held === entry) held = undefined;
        });
      }
      return held.value;
    },
    /**
     * The products of this same copy whose names match `q`, best first (common/buscar-productos.ts):
     * a search offers exactly what the pickers offer, and is as fresh.
     */
    async buscar(q: string): Promise<ProductoEncontrado[]> {
      const copia = (await this.get()) as Copia;
      copia.buscar ??= indiceDeProductos(
        (JSON.parse(copia.body) as ConsolidatedData).productos.map((p) => ({
          id: p.id,
          nombre: p.nombre,
          categoria: p.categoria.nombre,
          unidad: p.unidad.descripcion,
        })),
      );
      return copia.buscar(q);
    },
    /** A commit changed this product (its row, its offers, their tiers or lots, its suppliers' names). */
    changed(productoId: number) {
      changedAt.set(productoId, ++events);
    },
    /** Anything may have changed: notifications were lost, or one was not heard in time. */
    forgetAll() {
      forgotAllAt = ++events;
      changedAt.clear();
    },
    /** Whether notifications arrive now: while they do not, nothing is kept. */
    listening(active: boolean) {
      listening = active;
    },
  };
}
export type CatalogoCache = ReturnType<typeof createCatalogoCache>;
