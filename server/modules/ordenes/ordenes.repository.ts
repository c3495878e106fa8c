import { and, asc, count, eq, gt, inArray, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { columnas } from '#server/db/raw-sql';
import { categoria, marca, origen, producto, unidad } from '#server/db/schema/catalogo';
import { opcion } from '#server/db/schema/cotizaciones';
import { metodoPago, orden, ordenLinea, ordenLineaLote, ordenPorConfirmar, pedido, rubro } from '#server/db/schema/ordenes';
import { lote, proveedorProducto } from '#server/db/schema/proveedor';
import { comuna, region } from '#server/db/schema/ubicacion';
import { proveedorNombre, usuario } from '#server/db/schema/usuario';
import { ofertaVisible, productoVisible, proveedorListo } from '#server/db/visible';
import type { LoteUsable, Toma } from './fefo';

export const findRubros = (db: Db) => db.select({ id: rubro.id, nombre: rubro.nombre }).from(rubro).orderBy(asc(rubro.id));
export const findMetodosPago = (db: Db) => db.select({ id: metodoPago.id, nombre: metodoPago.nombre }).from(metodoPago).orderBy(asc(metodoPago.id));

/** A selected option with everything an order line copies, and whether it can still be sold. */
export interface LineaElegida {
  proveedor_producto_id: number;
  producto_id: number;
  proveedor_id: number;
  proveedor_nombre: string;
  sku: string;
  producto_nombre: string;
  categoria: string;
  marca: string;
  origen: string;
  unidad: string;
  cantidad: number;
  precio: number;
  vendible: boolean;
}

export async function findLineasSeleccionadas(db: Db, cotizacionId: number): Promise<LineaElegida[]> {
  const rows = await db
    .select({
      proveedor_producto_id: opcion.proveedor_producto_id,
      producto_id: proveedorProducto.producto_id,
      proveedor_id: proveedorProducto.proveedor_id,
      proveedor_nombre: proveedorNombre(),
      sku: proveedorProducto.sku,
      producto_nombre: producto.nombre,
      categoria: categoria.nombre,
      marca: marca.nombre,
      origen: origen.descripcion,
      unidad: unidad.descripcion,
      cantidad: opcion.cantidad_proveida,
      precio: opcion.precio,
      // What left the catalogue (archived, or no longer approved) is not sold any more, nor an offer
      // of a supplier not set up (docs/decisions/024: one chosen before that rule, say).
      vendible: sql<boolean>`(${ofertaVisible} and ${productoVisible} and ${proveedorListo(proveedorProducto.proveedor_id)})`,
    })
    .from(opcion)
    .innerJoin(proveedorProducto, eq(opcion.proveedor_producto_id, proveedorProducto.id))
    .innerJoin(usuario, eq(proveedorProducto.proveedor_id, usuario.id))
    .innerJoin(producto, eq(proveedorProducto.producto_id, producto.id))
    .innerJoin(categoria, eq(producto.categoria_id, categoria.id))
    .innerJoin(marca, eq(producto.marca_id, marca.id))
    .innerJoin(origen, eq(producto.origen_id, origen.id))
    .innerJoin(unidad, eq(producto.unidad_id, unidad.id))
    .where(and(eq(opcion.cotizacion_id, cotizacionId), eq(opcion.estado, 'seleccionado'), gt(opcion.cantidad_proveida, 0)))
    .orderBy(asc(opcion.id));
  return rows;
}

const lotesUsables = (db: Db, ofertaIds: number[], fecha: string) =>
  db
    .select({ id: lote.id, proveedor_producto_id: lote.proveedor_producto_id, cantidad: lote.cantidad, fecha_expiracion: lote.fecha_expiracion })
    .from(lote)
    .where(and(inArray(lote.proveedor_producto_id, ofertaIds), gt(lote.cantidad, 0), gt(lote.fecha_expiracion, fecha)))
    .orderBy(asc(lote.id));

/**
 * Locks the lots of these offers that can still serve an order delivered on `fecha` (stock left,
 * expiring after that day), in lot id order: every order locks in the same order, so two orders
 * wanting the same lots wait for each other instead of deadlocking. A lot another order emptied
 * meanwhile is re-read after its lock is granted and drops out (READ COMMITTED re-checks the WHERE).
 */
export async function lockLotesUsables(db: Db, ofertaIds: number[], fecha: string): Promise<LoteUsable[]> {
  if (ofertaIds.length === 0) return [];
  return lotesUsables(db, ofertaIds, fecha).for('update');
}

/** The same lots, only read: an order held for confirmation says now whether the stock is there, without taking it. */
export async function findLotesUsables(db: Db, ofertaIds: number[], fecha: string): Promise<LoteUsable[]> {
  if (ofertaIds.length === 0) return [];
  return lotesUsables(db, ofertaIds, fecha);
}

/** The names an order copies next to the billing ids; undefined where an id does not exist. */
export async function findNombresFacturacion(db: Db, ids: { region?: number; comuna?: number; rubro?: number; metodo_pago?: number }) {
  const uno = async <T>(id: number | undefined, query: (id: number) => Promise<T[]>) => (id === undefined ? undefined : (await query(id))[0]);
  const [r, c, ru, m] = await Promise.all([
    uno(ids.region, (id) => db.select({ nombre: region.nombre }).from(region).where(eq(region.id, id))),
    uno(ids.comuna, (id) => db.select({ nombre: comuna.nombre, region_id: comuna.region_id }).from(comuna).where(eq(comuna.id, id))),
    uno(ids.rubro, (id) => db.select({ nombre: rubro.nombre }).from(rubro).where(eq(rubro.id, id))),
    uno(ids.metodo_pago, (id) => db.select({ nombre: metodoPago.nombre }).from(metodoPago).where(eq(metodoPago.id, id))),
  ]);
  return { region: r?.nombre, comuna: c, rubro: ru?.nombre, metodo_pago: m?.nombre };
}

export type OrdenValores = Omit<typeof orden.$inferInsert, 'id' | 'creado_en'>;
export type LineaValores = Omit<typeof ordenLinea.$inferInsert, 'id' | 'orden_id'>;

export async function insertOrden(db: Db, valores: OrdenValores): Promise<number> {
  const [nueva] = await db.insert(orden).values(valores).returning({ id: orden.id });
  return nueva!.id;
}

/** Writes an order's lines; returns their ids, in the order given. */
export async function insertLineas(db: Db, ordenId: number, lineas: LineaValores[]): Promise<number[]> {
  const ids = await db
    .insert(ordenLinea)
    .values(lineas.map((l) => ({ ...l, orden_id: ordenId })))
    .returning({ id: ordenLinea.id });
  return ids.map((r) => r.id);
}

/** An order's pedidos as crear-orden answers them: each with where it stands and its accepted credit (its amounts, respuestaOrden). */
export const findPedidosDeOrden = (db: Db, ordenId: number) =>
  db
    .select({
      id: pedido.id,
      proveedor: pedido.proveedor_nombre,
      estado: pedido.estado,
      total: sql<number>`(${pedido.subtotal} + ${pedido.costo_despacho})::integer`,
      credito: sql<number>`(case when ${pedido.reclamo_estado} = 'aceptado' then coalesce(${pedido.monto_credito}, 0) else 0 end)::integer`,
    })
    .from(pedido)
    .where(eq(pedido.orden_id, ordenId))
    .orderBy(asc(pedido.id));

/**
 * Records which lots each order line took from and takes that stock off the lots, in ONE
 * statement whatever the number of lines and lots: it runs while the lots are locked, and every
 * other order wanting them waits for this one to commit. Run it in the transaction that locked them.
 */
export async function takeLotes(db: Db, tomas: Array<{ orden_linea_id: number } & Toma>): Promise<void> {
  if (tomas.length === 0) return;
  const filas = sql.join(
    tomas.map((t) => sql`(${t.orden_linea_id}::integer, ${t.lote_id}::integer, ${t.cantidad}::numeric)`),
    sql`, `,
  );
  // Summed per lot: UPDATE … FROM applies only one source row to each lot. Each record copies its
  // lot's offer and expiry, so a pedido given back can recreate a lot deleted meanwhile.
  await db.execute(sql`
    with tomadas as (
      insert into ${ordenLineaLote} (${columnas(
        ordenLineaLote.orden_linea_id,
        ordenLineaLote.lote_id,
        ordenLineaLote.proveedor_producto_id,
        ordenLineaLote.fecha_expiracion,
        ordenLineaLote.cantidad,
      )})
      select t.orden_linea_id, t.lote_id, ${lote.proveedor_producto_id}, ${lote.fecha_expiracion}, t.cantidad
      from (values ${filas}) as t(orden_linea_id, lote_id, cantidad) join ${lote} on ${lote.id} = t.lote_id
      returning ${ordenLineaLote.lote_id} as lote_id, ${ordenLineaLote.cantidad} as cantidad
    )
    update ${lote} set ${columnas(lote.cantidad)} = ${lote.cantidad} - t.cantidad
    from (select lote_id, sum(cantidad) as cantidad from tomadas group by lote_id) as t
    where ${lote.id} = t.lote_id`);
}

/**
 * Inside a transaction: waits for any other transaction holding `clave` (an address's or an IP's
 * orders waiting for confirmation), so that the count and the insert it allows are one step
 * across connections and processes.
 */
export async function lockPorConfirmar(db: Db, clave: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(724030, hashtext(${clave}))`);
}

/** How many orders of this address or IP still wait for confirmation at `ahora`, and when the first of them lapses. */
export async function countPorConfirmar(db: Db, clave: { correo: string } | { ip: string }, ahora: Date): Promise<{ n: number; primeroVence: Date | null }> {
  const [row] = await db
    .select({ n: count(), primeroVence: min(ordenPorConfirmar.vence_en) })
    .from(ordenPorConfirmar)
    .where(
      and(
        'correo' in clave ? eq(ordenPorConfirmar.correo, clave.correo) : eq(ordenPorConfirmar.ip, clave.ip),
        isNull(ordenPorConfirmar.confirmado_en),
        gt(ordenPorConfirmar.vence_en, ahora),
      ),
    );
  return { n: row?.n ?? 0, primeroVence: row?.primeroVence ? new Date(row.primeroVence) : null };
}

export async function insertPorConfirmar(db: Db, valores: typeof ordenPorConfirmar.$inferInsert): Promise<void> {
  await db.insert(ordenPorConfirmar).values(valores);
}

/**
 * Deletes held orders never confirmed that lapsed before `antesDe`, at most `max` of them (each new
 * one calls this, so a backlog drains). SKIP LOCKED: rows another transaction holds (one being
 * confirmed, or deleted by a hold running at the same time) are left for the next, so this never
 * waits nor deadlocks. Confirmed ones stay: their link answers their order.
 */
export async function deletePorConfirmarVencidas(db: Db, antesDe: Date, max = 100): Promise<void> {
  await db.execute(sql`
    delete from ${ordenPorConfirmar} where ${ordenPorConfirmar.id} in (
      select ${ordenPorConfirmar.id} from ${ordenPorConfirmar}
      where ${ordenPorConfirmar.confirmado_en} is null and ${ordenPorConfirmar.vence_en} < ${antesDe.toISOString()}::timestamptz
      limit ${max} for update skip locked)`);
}

/** The held order of a token's hash; `lock` makes a second confirmation wait for the first. */
export async function findPorConfirmar(db: Db, tokenHash: string, { lock = false } = {}) {
  const query = db
    .select({
      id: ordenPorConfirmar.id,
      cotizacion_id: ordenPorConfirmar.cotizacion_id,
      datos: ordenPorConfirmar.datos,
      vence_en: ordenPorConfirmar.vence_en,
      orden_id: ordenPorConfirmar.orden_id,
    })
    .from(ordenPorConfirmar)
    .where(eq(ordenPorConfirmar.token_hash, tokenHash));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Every held order of the quotation now names its order: any of their links answers it, and none counts against a cap. */
export async function markPorConfirmarDe(db: Db, cotizacionId: number, ordenId: number, ahora: Date): Promise<void> {
  await db
    .update(ordenPorConfirmar)
    .set({ orden_id: ordenId, confirmado_en: ahora })
    .where(and(eq(ordenPorConfirmar.cotizacion_id, cotizacionId), isNull(ordenPorConfirmar.confirmado_en)));
}
