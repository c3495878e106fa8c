import type { CondicionesDespacho } from '#common/despacho';
import type { RangoPrecio } from '#common/schemas/catalogo';
import type { Database } from '#server/db/client';
import { createSyncMarkers } from '#server/db/sync-markers';
import { findRangosPrecios } from '#server/modules/catalogo/catalogo.repository';
import { findCondicionesDefinidas } from '#server/modules/condiciones/condiciones.repository';
import { findOfertas, findProductosComparables, findProductosVivosIds } from '../comparacion.repository';
import {
  createTextos,
  decodeProducto,
  encodeFila,
  encodeProducto,
  isCompacto,
  type ProductoCompacto,
  type ProductoConOfertas,
  proveedoresDeFila,
} from './catalogo-compacto';
import { findFilasCompactas, findLimitesRangos, findNombresProveedores } from './catalogo-compacto.repository';

/**
 * Entries kept, one per offer (a product without offers counts as one), packed (catalogo-compacto.ts,
 * docs/decisions/015): 1,000,000 offers with two lots and three or four tiers each take ~115 MB
 * (heap and typed arrays), so the bound is ~230 MB and twice the catalogue the 10× bench measures.
 */
export const CACHE_MAX_ENTRIES = 2_000_000;
/** The channel migration 0009's triggers notify with the id of each product a commit changed. */
export const CATALOGO_CHANNEL = 'catalogo';

/**
 * Another copy of the catalogue kept by the same notifications (the quotation pickers' list,
 * catalogo-cache.ts): it hears each one as this cache applies it, in the same order, so this
 * cache's `sync()` and the other processes' barrier cover it too.
 */
export interface CatalogoObserver {
  /** A commit changed this product. */
  changed(productoId: number): void;
  /** Anything may have changed (notifications lost, or one not heard in time). */
  forgetAll(): void;
  /** Whether notifications arrive now. */
  listening(active: boolean): void;
}
/**
 * Products read per query while preloading. The embedded engine runs queries on the process's own
 * thread: small batches, so requests wait little between them. PostgreSQL runs them elsewhere, and
 * 400 round trips of 50 products were most of preloading 20,000 (docs/decisions/015).
 */
const PRELOAD_BATCH = { embedded: 50, postgres: 1_000 } as const;
/** Batches read at once while preloading: PostgreSQL works on one while this process packs another. */
const PRELOAD_PARALLEL = { embedded: 1, postgres: 2 } as const;

/** A requested product as a comparison shows it (undefined: the catalogue does not know it), and its offers. */
export type { ProductoConOfertas };

/** A product kept packed, or as read when packing it would change a number (never with the schema's columns). */
type Guardado = ProductoCompacto | ProductoConOfertas;
const weight = (valor: Guardado) => Math.max(1, isCompacto(valor) ? valor.ofertas : valor.ofertas.length);

/**
 * What comparar-precios reads of the catalogue, kept in memory (docs/decisions/010): each product
 * with its offers, and the volume tiers. Reading ~1,500 offers with their lots and tiers was most
 * of a comparison; what is the buyer's (the request, its delivery record) is always read from the
 * database.
 *
 * The database says what changed: migration 0009's triggers notify the id of every product a
 * commit touched (its row, its offers, their tiers and lots, its suppliers' names), to every
 * process, this one included; each notified product is forgotten and read again when next asked
 * for. A write of this process awaits `sync()` before answering (a route that declares
 * `cambiaCatalogo`, server/http/catalogo-sync.ts), so its own next comparison sees it, and every
 * other process's too (the barrier); a write made elsewhere shows here as soon as its notification arrives. While the listening
 * connection is down nothing is kept, and everything is forgotten when it is back. A read that a
 * notification of its product overtook answers its own request but is not kept.
 * `start()` listens, then preloads the live catalogue up to the bound.
 * actualizar and crear-orden never read from here: they read and lock the database.
 */
export function createComparacionCache(
  database: Pick<Database, 'db' | 'listen' | 'barrier'> & Partial<Pick<Database, 'kind'>>,
  { maxEntries = CACHE_MAX_ENTRIES, log = (_: string) => {}, observers = [] as readonly CatalogoObserver[] } = {},
) {
  const { db } = database;
  const preloadBatch = PRELOAD_BATCH[database.kind ?? 'embedded'];
  const preloadParallel = PRELOAD_PARALLEL[database.kind ?? 'embedded'];
  const byProducto = new Map<number, Guardado>();
  /** The names and dates the packed products point to; a new table whenever everything is forgotten. */
  let textos = createTextos();
  let entries = 0;
  let evictions = 0;
  /** For the operators' metrics: products answered from memory, read from the database, and times everything was forgotten. */
  let hits = 0;
  let misses = 0;
  let forgets = 0;
  /** Notifications counted as they arrive: when each product was last notified, when everything was forgotten. */
  let notifications = 0;
  const notifiedAt = new Map<number, number>();
  let forgotAllAt = 0;
  let rangos: Promise<RangoPrecio[]> | undefined;
  let listening = false;
  let preloading: Promise<void> = Promise.resolve();
  /** The last preload started ran to its end (the whole live catalogue, or up to the bound). */
  let preloaded = false;
  let unlisten: (() => Promise<void>) | undefined;

  const evict = (productoId: number) => {
    const e = byProducto.get(productoId);
    if (!e) return;
    entries -= weight(e);
    byProducto.delete(productoId);
  };
  const forgetAll = () => {
    for (const o of observers) o.forgetAll();
    forgets++;
    forgotAllAt = ++notifications;
    byProducto.clear();
    textos = createTextos();
    notifiedAt.clear();
    entries = 0;
    rangos = undefined;
  };
  const markers = createSyncMarkers(database, CATALOGO_CHANNEL, forgetAll);

  const store = (productoId: number, valor: Guardado) => {
    // Map keeps insertion order: re-inserting makes it the newest, the first key is the oldest.
    evict(productoId);
    byProducto.set(productoId, valor);
    entries += weight(valor);
    while (entries > maxEntries && byProducto.size > 1) {
      evict(byProducto.keys().next().value!);
      evictions++;
    }
  };
  const onNotify = (payload: string) => {
    if (markers.heard(payload)) return;
    const productoId = Number(payload);
    if (!Number.isSafeInteger(productoId)) return; // a payload of no product
    notifiedAt.set(productoId, ++notifications);
    evict(productoId);
    for (const o of observers) o.changed(productoId);
  };
  const setListening = (active: boolean) => {
    listening = active;
    for (const o of observers) o.listening(active);
  };

  /** Each of these products with its offers (approved, not archived, lots with stock, in offer order). */
  async function find(productoIds: readonly number[]): Promise<Map<number, ProductoConOfertas>> {
    const found = new Map<number, ProductoConOfertas>();
    const missing: number[] = [];
    for (const id of productoIds) {
      const e = byProducto.get(id);
      if (!e) missing.push(id);
      else found.set(id, isCompacto(e) ? decodeProducto(e, textos) : e);
    }
    hits += found.size;
    misses += missing.length;
    if (missing.length === 0) return found;
    const since = notifications;
    const [productos, ofertas] = await Promise.all([findProductosComparables(db, missing), findOfertas(db, missing)]);
    const condiciones = await findCondicionesDefinidas(db, [...new Set(ofertas.map((o) => o.proveedor_id))]);
    const read = new Map<number, ProductoConOfertas & { condiciones: Map<number, CondicionesDespacho> }>(
      missing.map((id) => [id, { producto: undefined, ofertas: [], condiciones: new Map() }]),
    );
    for (const p of productos) read.get(p.id)!.producto = p;
    for (const o of ofertas) {
      const valor = read.get(o.producto_id)!;
      valor.ofertas.push(o);
      const c = condiciones.get(o.proveedor_id);
      if (c) valor.condiciones.set(o.proveedor_id, c);
    }
    for (const [id, valor] of read) {
      found.set(id, valor);
      if (current(id, since)) store(id, encodeProducto(valor, textos));
    }
    return found;
  }

  /** Nothing that invalidates a read started when `since` was the count has arrived since. */
  const current = (id: number, since: number) => listening && forgotAllAt <= since && (notifiedAt.get(id) ?? 0) <= since;

  /**
   * A batch of the preload: what `find` would keep for these products, read as one row of texts
   * per product and packed straight from it (docs/decisions/015). A product that does not pack
   * so is read as a comparison reads it.
   */
  async function preloadBatchOf(ids: readonly number[]): Promise<void> {
    misses += ids.length;
    const since = notifications;
    const [productos, filas, limites] = await Promise.all([findProductosComparables(db, ids), findFilasCompactas(db, ids), findLimitesRangos(db)]);
    const proveedores = [...new Set(filas.flatMap(proveedoresDeFila))];
    const [nombres, condiciones] = await Promise.all([findNombresProveedores(db, proveedores), findCondicionesDefinidas(db, proveedores)]);
    const contexto = { nombres, limites, condiciones };
    const productoDe = new Map(productos.map((p) => [p.id, p]));
    const filaDe = new Map(filas.map((f) => [f.producto_id, f]));
    const aparte: number[] = [];
    for (const id of ids) {
      if (!current(id, since)) continue;
      const compacto = encodeFila(productoDe.get(id), filaDe.get(id), contexto, textos);
      if (compacto) store(id, compacto);
      else aparte.push(id);
    }
    if (aparte.length > 0) {
      misses -= aparte.length;
      await find(aparte);
    }
  }

  /** The live catalogue, PRELOAD_BATCH products a query (PRELOAD_PARALLEL at once), until the first eviction (the bound) or until listening stops or starts again. */
  async function preload(): Promise<void> {
    const start = performance.now();
    const since = forgotAllAt;
    const evictionsBefore = evictions;
    const goOn = () => listening && forgotAllAt === since && evictions === evictionsBefore;
    const ids = await findProductosVivosIds(db);
    let next = 0;
    let failed = false;
    const reader = async () => {
      try {
        while (next < ids.length && !failed && goOn()) {
          const batch = ids.slice(next, next + preloadBatch);
          next += preloadBatch;
          await preloadBatchOf(batch);
        }
      } catch (error) {
        // The other reader stops too: the retry starts over alone.
        failed = true;
        throw error;
      }
    };
    // Both readers done before it ends, failed or not: stop() awaits this, and then the pool closes.
    const results = await Promise.allSettled(Array.from({ length: preloadParallel }, reader));
    for (const r of results) if (r.status === 'rejected') throw r.reason;
    // Stopped by the bound is done too: the rest is read when asked for. Stopped by a drop is not.
    preloaded = listening && forgotAllAt === since;
    if (goOn()) log(`caché de comparación: ${byProducto.size} productos y ${entries} ofertas en ${Math.round(performance.now() - start)} ms`);
  }

  /** Preloads in the background; a failed preload (the database away for a moment) is tried again, or the process would never be ready. */
  const startPreload = () => {
    preloading = preload().catch((error: Error) => {
      log(`caché de comparación: la precarga falló (${error.message}); reintento en 5 s`);
      const since = forgotAllAt;
      setTimeout(() => {
        if (listening && forgotAllAt === since && !preloaded) startPreload();
      }, 5_000).unref();
    });
  };

  return {
    find,
    /** Products and entries held now. */
    size: () => ({ productos: byProducto.size, entries }),
    /** What it held and did since start, for GET /metrics. */
    stats: () => ({ productos: byProducto.size, entries, hits, misses, forgets, evictions }),
    /** Listening and preloaded (GET /api/ready): a process that is not answers from the database, slower. */
    ready: () => listening && preloaded,
    /** The volume tiers of every category: reference data that only a migration changes. */
    findRangos(): Promise<RangoPrecio[]> {
      if (!rangos) {
        const valor = findRangosPrecios(db);
        rangos = valor;
        valor.catch(() => {
          if (rangos === valor) rangos = undefined;
        });
      }
      return rangos;
    },
    /** Listens to the catalogue's notifications; `preloading` is the preload it started, running in the background. */
    async start(): Promise<{ preloading: Promise<void> }> {
      unlisten = await database.listen(CATALOGO_CHANNEL, {
        notify: onNotify,
        listening(active) {
          forgetAll();
          setListening(active);
          preloaded = false;
          // A marker sent on a connection that dropped never comes: its writer need not wait for it.
          if (!active) markers.releaseAll();
          if (active) startPreload();
        },
      });
      return { preloading };
    },
    async stop(): Promise<void> {
      setListening(false);
      await unlisten?.();
      await preloading;
    },
    /**
     * Returns once every notification committed before the call has been applied here: after a
     * write of this process, before it answers. PostgreSQL delivers notifications in commit order,
     * so this process's own marker arrives after the write's products.
     */
    async sync(): Promise<void> {
      // A write of the catalogue: every process's next comparison must see it.
      if (listening) await markers.sync({ others: () => true });
    },
  };
}
export type ComparacionCache = ReturnType<typeof createComparacionCache>;
