import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { RangoPrecio } from '../../../common/schemas/catalogo';
import { type Database, queryRows } from '../../db/client';
import { findRangosPrecios } from '../catalogo/catalogo.repository';
import { findOfertas, findProductosComparables, findProductosVivosIds, type ProductoComparable } from './comparacion.repository';
import type { Oferta } from './ofertas-vivas';

/** Offers kept, with their lots and tiers: the whole bench catalogue (2.000 products, 100.000 offers) is ~60 MB of heap. */
export const CACHE_MAX_OFERTAS = 100_000;
/** The channel migration 0009's triggers notify with the id of each product a commit changed. */
export const CANAL_CATALOGO = 'catalogo';
/** Products read per query while the cache fills at start. */
const PRECARGA_LOTE = 50;
/** How long `sincronizar` waits for its own notification before forgetting everything instead. */
const SINCRONIZAR_MS = 2_000;

/** A requested product as a comparison shows it (undefined: the catalogue does not know it), and its offers. */
export interface ProductoConOfertas {
  producto: ProductoComparable | undefined;
  ofertas: Oferta[];
}

/**
 * What comparar-precios reads of the catalogue, kept in memory (docs/decisions/010): each product
 * with its offers, and the volume tiers. Reading ~1.500 offers with their lots and tiers was most
 * of a comparison; what is the buyer's (the request, its delivery record) is always read from the
 * database.
 *
 * The database says what changed: migration 0009's triggers notify the id of every product a
 * commit touched (its row, its offers, their tiers and lots, its suppliers' names), to every
 * process, this one included; each notified product is forgotten and read again when next asked
 * for. A write of this process calls `sincronizar()` before answering, so its own next comparison
 * sees it; another process's write shows here as soon as its notification arrives. While the
 * listening connection is down nothing is kept, and everything is forgotten when it is back.
 * A read that a notification of its product overtook answers its own request but is not kept.
 * `start()` listens and then fills the cache with the live catalogue, up to its bound.
 * actualizar and crear-orden never read from here: they read and lock the database.
 */
export function createComparacionCache(database: Pick<Database, 'db' | 'listen'>, { maxOfertas = CACHE_MAX_OFERTAS, log = (_: string) => {} } = {}) {
  const { db } = database;
  const porProducto = new Map<number, ProductoConOfertas>();
  /** The notification count when each product was last notified, and when everything was forgotten. */
  const notificadoEn = new Map<number, number>();
  let olvidadoTodoEn = 0;
  let notificaciones = 0;
  let rangos: Promise<RangoPrecio[]> | undefined;
  let ofertasGuardadas = 0;
  let escuchando = false;
  /** This process's sync markers, by payload, waiting for their notification. */
  const marcas = new Map<string, () => void>();
  const marcaPrefijo = `sync:${randomUUID()}:`;
  let marcasEnviadas = 0;
  let unlisten: (() => Promise<void>) | undefined;

  const quitar = (productoId: number) => {
    ofertasGuardadas -= porProducto.get(productoId)?.ofertas.length ?? 0;
    porProducto.delete(productoId);
  };
  const olvidarTodo = () => {
    olvidadoTodoEn = ++notificaciones;
    porProducto.clear();
    notificadoEn.clear();
    ofertasGuardadas = 0;
    rangos = undefined;
  };
  const guardar = (productoId: number, valor: ProductoConOfertas) => {
    // Map keeps insertion order: re-inserting makes it the newest, the first key is the oldest.
    quitar(productoId);
    porProducto.set(productoId, valor);
    ofertasGuardadas += valor.ofertas.length;
    while (ofertasGuardadas > maxOfertas && porProducto.size > 1) quitar(porProducto.keys().next().value!);
  };
  const notify = (payload: string) => {
    const marca = marcas.get(payload);
    if (marca) return marca();
    const productoId = Number(payload);
    if (!Number.isSafeInteger(productoId)) return; // another process's sync marker
    notificadoEn.set(productoId, ++notificaciones);
    quitar(productoId);
  };

  /** Each of these products with its offers (approved, not archived, lots with stock, in offer order). */
  async function find(productoIds: readonly number[]): Promise<Map<number, ProductoConOfertas>> {
    const encontrados = new Map<number, ProductoConOfertas>();
    const faltan: number[] = [];
    for (const id of productoIds) {
      const e = porProducto.get(id);
      if (e) encontrados.set(id, e);
      else faltan.push(id);
    }
    if (faltan.length === 0) return encontrados;
    const desde = notificaciones;
    const [productos, ofertas] = await Promise.all([findProductosComparables(db, faltan), findOfertas(db, faltan)]);
    const leidos = new Map<number, ProductoConOfertas>(faltan.map((id) => [id, { producto: undefined, ofertas: [] }]));
    for (const p of productos) leidos.get(p.id)!.producto = p;
    for (const o of ofertas) leidos.get(o.producto_id)!.ofertas.push(o);
    const vigente = (id: number) => escuchando && olvidadoTodoEn <= desde && (notificadoEn.get(id) ?? 0) <= desde;
    for (const [id, valor] of leidos) {
      encontrados.set(id, valor);
      if (vigente(id)) guardar(id, valor);
    }
    return encontrados;
  }

  /** The live catalogue, PRECARGA_LOTE products a query, until the bound: the first comparisons need no read. */
  async function precargar(): Promise<void> {
    const inicio = performance.now();
    const ids = await findProductosVivosIds(db);
    for (let i = 0; i < ids.length && escuchando && ofertasGuardadas < maxOfertas; i += PRECARGA_LOTE) {
      await find(ids.slice(i, i + PRECARGA_LOTE));
    }
    log(`caché de comparación: ${porProducto.size} productos y ${ofertasGuardadas} ofertas en ${Math.round(performance.now() - inicio)} ms`);
  }

  return {
    find,
    /** What it holds now. */
    size: () => ({ productos: porProducto.size, ofertas: ofertasGuardadas }),
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
    /** Listens to the catalogue's notifications, then fills the cache (in the background: the promise it returns is the fill). */
    async start(): Promise<{ precarga: Promise<void> }> {
      let precarga = Promise.resolve();
      unlisten = await database.listen(CANAL_CATALOGO, {
        notify,
        listening(activo) {
          olvidarTodo();
          escuchando = activo;
          if (activo) precarga = precargar().catch((error: Error) => log(`caché de comparación: la precarga falló (${error.message})`));
        },
      });
      return { precarga };
    },
    async stop(): Promise<void> {
      escuchando = false;
      await unlisten?.();
    },
    /**
     * Returns once every notification committed before the call has been applied here: after a
     * write of this process, before it answers. PostgreSQL delivers notifications in commit order,
     * so this process's own marker arrives after the write's products.
     */
    async sincronizar(): Promise<void> {
      if (!escuchando) return;
      const marca = `${marcaPrefijo}${++marcasEnviadas}`;
      let llego!: () => void;
      const llegada = new Promise<void>((resolve) => {
        llego = resolve;
      });
      marcas.set(marca, llego);
      let espera: NodeJS.Timeout | undefined;
      try {
        await queryRows(db, sql`select pg_notify(${CANAL_CATALOGO}, ${marca})`);
        await Promise.race([llegada, new Promise<void>((resolve) => (espera = setTimeout(() => resolve(olvidarTodo()), SINCRONIZAR_MS)))]);
      } catch {
        // The write this follows is committed: its caller still answers, and nothing kept may be older.
        olvidarTodo();
      } finally {
        clearTimeout(espera);
        marcas.delete(marca);
      }
    },
  };
}
export type ComparacionCache = ReturnType<typeof createComparacionCache>;
