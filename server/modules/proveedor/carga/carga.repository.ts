import { and, asc, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#server/db/client';
import { columnas } from '#server/db/raw-sql';
import { categoria, formato, marca, origen, producto, productoFormato, rangoPrecio, unidad } from '#server/db/schema/catalogo';
import { lote, proveedorProducto, proveedorProductoRango } from '#server/db/schema/proveedor';
import { ofertaVisible, productoVisible } from '#server/db/visible';
import type { ProductoCatalogo } from './coincidencias';
import { claveStock, type StockPorFecha } from './conflictos';

/** Reads and writes of the Excel upload; the rules are in carga.service.ts. */

/** Rows per statement: well under the 65,535 parameters of a query, and of a reasonable size. */
const LOTE_SQL = 1000;
const enTrozos = <T>(xs: T[], n = LOTE_SQL): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

export interface OfertaDelProveedor {
  id: number;
  sku: string;
  producto_id: number;
  categoria_id: number;
  /** The product's name, to know a repeated exclusive registration. */
  nombre: string;
  archivada: boolean;
}

/**
 * One confirmation at a time per supplier, until its transaction ends: a double click or a retry
 * waits for the first call and then finds its SKUs registered (idempotent), instead of both
 * inserting the same SKU and one failing on proveedor_producto_sku.
 */
export async function lockCargaDelProveedor(db: Db, proveedorId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(724010, ${proveedorId})`);
}

/** Rows per page of the upload's big reads: each page a few ms on the embedded engine, whose queries hold the request thread. */
const PAGINA = 500;
/** Between two pages: the upload gives the loop back there; nothing otherwise. */
type EntrePaginas = () => Promise<void>;
const sinPausa: EntrePaginas = async () => {};

/** Every page of `pagina(desde)` (rows of id > desde, by id, at most PAGINA), `entrePaginas` between two. */
async function todasLasPaginas<T extends { id: number }>(pagina: (desde: number) => Promise<T[]>, entrePaginas: EntrePaginas): Promise<T[]> {
  const filas: T[] = [];
  for (let desde = 0; ; ) {
    const parte = await pagina(desde);
    for (const f of parte) filas.push(f);
    if (parte.length < PAGINA) return filas;
    desde = parte.at(-1)!.id;
    await entrePaginas();
  }
}

/** Every offer of the supplier, archived ones too (their SKU stays taken), by SKU. */
export async function findOfertasDelProveedor(db: Db, proveedorId: number, entrePaginas = sinPausa): Promise<Map<string, OfertaDelProveedor>> {
  const filas = await todasLasPaginas(
    (desde) =>
      queryRows<OfertaDelProveedor>(
        db,
        sql`select ${proveedorProducto.id} as id, ${proveedorProducto.sku} as sku, ${proveedorProducto.producto_id} as producto_id,
              ${producto.categoria_id} as categoria_id, ${producto.nombre} as nombre, not ${ofertaVisible} as archivada
            from ${proveedorProducto} join ${producto} on ${producto.id} = ${proveedorProducto.producto_id}
            where ${proveedorProducto.proveedor_id} = ${proveedorId} and ${proveedorProducto.id} > ${desde} order by ${proveedorProducto.id} limit ${PAGINA}`,
      ),
    entrePaginas,
  );
  return new Map(filas.map((o) => [o.sku, o]));
}

/** Approved, live catalogue products with what matching ranks them by (coincidencias.ts). */
export async function findCatalogoAprobado(db: Db, entrePaginas = sinPausa): Promise<ProductoCatalogo[]> {
  // Formats by a join and group (not a subquery per product): ~3× faster on 10,000 products.
  return todasLasPaginas(
    (desde) =>
      queryRows<ProductoCatalogo>(
        db,
        sql`select ${producto.id} as id, ${producto.nombre} as nombre, ${marca.nombre} as marca, ${origen.descripcion} as origen,
              coalesce(array_agg(${formato.descripcion} order by ${formato.descripcion}) filter (where ${formato.id} is not null), '{}') as formatos
            from ${producto}
            join ${marca} on ${marca.id} = ${producto.marca_id}
            join ${origen} on ${origen.id} = ${producto.origen_id}
            left join ${productoFormato} on ${productoFormato.producto_id} = ${producto.id}
            left join ${formato} on ${formato.id} = ${productoFormato.formato_id}
            where ${productoVisible} and ${producto.id} > ${desde}
            group by ${producto.id}, ${marca.nombre}, ${origen.descripcion}
            order by ${producto.id} limit ${PAGINA}`,
      ),
    entrePaginas,
  );
}

export async function findCategoriaNombres(db: Db): Promise<string[]> {
  const rows = await db.select({ nombre: categoria.nombre }).from(categoria).orderBy(asc(categoria.nombre));
  return rows.map((r) => r.nombre);
}

/** The lookups a new product is made of, by name: categorías, formatos, unidades, marcas and orígenes. */
export async function findReferencias(db: Db) {
  // One after the other: inside a transaction they share one connection.
  const categorias = await db.select({ id: categoria.id, nombre: categoria.nombre }).from(categoria);
  const formatos = await db.select({ id: formato.id, nombre: formato.descripcion }).from(formato);
  const unidades = await db.select({ id: unidad.id, nombre: unidad.descripcion }).from(unidad);
  const marcas = await db.select({ id: marca.id, nombre: marca.nombre }).from(marca);
  const origenes = await db.select({ id: origen.id, nombre: origen.descripcion }).from(origen);
  const rangos = await db.select({ id: rangoPrecio.id, categoria_id: rangoPrecio.categoria_id, nombre: rangoPrecio.nombre }).from(rangoPrecio);
  return { categorias, formatos, unidades, marcas, origenes, rangos };
}

/** Approved, live catalogue products among `ids`, with their category (for the tiers). */
export async function findProductosAprobados(db: Db, ids: number[]): Promise<Map<number, { categoria_id: number }>> {
  const out = new Map<number, { categoria_id: number }>();
  for (const trozo of enTrozos(ids)) {
    const rows = await db
      .select({ id: producto.id, categoria_id: producto.categoria_id })
      .from(producto)
      .where(and(inArray(producto.id, trozo), productoVisible));
    for (const r of rows) out.set(r.id, { categoria_id: r.categoria_id });
  }
  return out;
}

/** Creates the marcas (or orígenes) not there yet and answers every name's id (names as given, matched exactly). */
export async function ensureMarcas(db: Db, nombres: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const trozo of enTrozos(nombres)) {
    await db
      .insert(marca)
      .values(trozo.map((nombre) => ({ nombre })))
      .onConflictDoNothing();
    const rows = await db.select({ id: marca.id, nombre: marca.nombre }).from(marca).where(inArray(marca.nombre, trozo));
    for (const r of rows) out.set(r.nombre, r.id);
  }
  return out;
}
export async function ensureOrigenes(db: Db, nombres: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const trozo of enTrozos(nombres)) {
    await db
      .insert(origen)
      .values(trozo.map((descripcion) => ({ descripcion })))
      .onConflictDoNothing();
    const rows = await db.select({ id: origen.id, nombre: origen.descripcion }).from(origen).where(inArray(origen.descripcion, trozo));
    for (const r of rows) out.set(r.nombre, r.id);
  }
  return out;
}

export interface ProductoNuevo {
  nombre: string;
  categoria_id: number;
  origen_id: number;
  marca_id: number;
  unidad_id: number;
  formato_id: number | null;
}

/** Products a supplier brings to the platform: pending moderation, created by that supplier (docs/producto.md §2 Moderation). */
export async function insertProductosPendientes(db: Db, proveedorId: number, productos: ProductoNuevo[]): Promise<number[]> {
  const ids: number[] = [];
  for (const trozo of enTrozos(productos)) {
    const rows = await db
      .insert(producto)
      .values(trozo.map(({ formato_id: _, ...p }) => ({ ...p, estado_moderacion: 'pendiente' as const, creado_por: proveedorId })))
      .returning({ id: producto.id });
    ids.push(...rows.map((r) => r.id));
    const formatos = trozo.flatMap((p, k) => (p.formato_id === null ? [] : [{ producto_id: rows[k]!.id, formato_id: p.formato_id }]));
    if (formatos.length > 0) await db.insert(productoFormato).values(formatos);
  }
  return ids;
}

export async function insertOfertas(
  db: Db,
  proveedorId: number,
  ofertas: Array<{ sku: string; producto_id: number; tarifa: number }>,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const trozo of enTrozos(ofertas)) {
    const rows = await db
      .insert(proveedorProducto)
      .values(trozo.map((o) => ({ ...o, proveedor_id: proveedorId })))
      .returning({ id: proveedorProducto.id, sku: proveedorProducto.sku });
    for (const r of rows) out.set(r.sku, r.id);
  }
  return out;
}

/**
 * New price of offers (and out of the archive, for a SKU uploaded again: docs/decisions/004). An
 * offer already at that price and live is left alone: a file uploaded back unchanged changes nothing.
 */
export async function updateTarifas(db: Db, proveedorId: number, tarifas: Array<{ id: number; tarifa: number }>): Promise<void> {
  for (const trozo of enTrozos(tarifas)) {
    await db.execute(sql`update ${proveedorProducto}
      set ${columnas(proveedorProducto.tarifa)} = v.tarifa, ${columnas(proveedorProducto.archivado_en)} = null, ${columnas(proveedorProducto.actualizado_en)} = now()
      from json_to_recordset(${JSON.stringify(trozo)}::json) as v(id int, tarifa int)
      where ${proveedorProducto.id} = v.id and ${proveedorProducto.proveedor_id} = ${proveedorId}
        and (${proveedorProducto.tarifa} <> v.tarifa or not ${ofertaVisible})`);
  }
}

/** The offers' tiers become exactly these (an empty tier cell removes its price). */
export async function replaceRangos(
  db: Db,
  ofertaIds: number[],
  rangos: Array<{ proveedor_producto_id: number; rango_precio_id: number; precio: number }>,
): Promise<void> {
  for (const trozo of enTrozos(ofertaIds)) await db.delete(proveedorProductoRango).where(inArray(proveedorProductoRango.proveedor_producto_id, trozo));
  for (const trozo of enTrozos(rangos)) await db.insert(proveedorProductoRango).values(trozo);
}

/** Adds one lot's quantity to what its offer's lots of its date hold. */
function sumarStock(stock: StockPorFecha, filas: Array<{ oferta: number; fecha: string; cantidad: number }>) {
  for (const f of filas) {
    const k = claveStock(f.oferta, f.fecha);
    stock.set(k, (stock.get(k) ?? 0) + f.cantidad);
  }
  return stock;
}

/** What the supplier's live offers hold per expiry date (an upload compares its rows with it). */
export async function findStockPorFecha(db: Db, proveedorId: number): Promise<StockPorFecha> {
  const filas = await queryRows<{ oferta: number; fecha: string; cantidad: number }>(
    db,
    sql`select ${lote.proveedor_producto_id} as oferta, ${lote.fecha_expiracion}::text as fecha, ${lote.cantidad}::float8 as cantidad
        from ${lote} join ${proveedorProducto} on ${proveedorProducto.id} = ${lote.proveedor_producto_id}
        where ${proveedorProducto.proveedor_id} = ${proveedorId} and ${ofertaVisible}`,
  );
  return sumarStock(new Map(), filas);
}

/**
 * Locks every lot of these offers, in id order and in ONE statement (orders lock lots in id order,
 * docs/decisions/007; locked chunk by chunk, a later chunk's lower ids came after an earlier
 * chunk's higher ones, and an order holding one of those could wait for this write while it
 * waited for the order), and answers what they hold per expiry date, as of the lock.
 */
export async function lockLotes(db: Db, ofertaIds: number[]): Promise<StockPorFecha> {
  if (ofertaIds.length === 0) return new Map();
  const filas = await queryRows<{ oferta: number; fecha: string; cantidad: number }>(
    db,
    sql`select ${lote.proveedor_producto_id} as oferta, ${lote.fecha_expiracion}::text as fecha, ${lote.cantidad}::float8 as cantidad from ${lote}
        where ${lote.proveedor_producto_id} in (select value::int from json_array_elements_text(${JSON.stringify([...new Set(ofertaIds)])}::json))
        order by ${lote.id} for update`,
  );
  return sumarStock(new Map(), filas);
}

/**
 * Each (offer, expiry date) comes to hold the file's quantity, all its lots of that date together
 * (PRODUCTOS_REGISTRADOS.xlsx writes one row per date with their sum): a rise goes to
 * the oldest lot of the date, a fall is taken from the oldest on, as an order takes stock; a date
 * without lots gets one; a date that already holds it is not written. Other dates are untouched
 * (docs/decisions/008). Orders decrement lots in place, so the quantity is what is on hand now
 * and nothing is subtracted again. The caller has locked the offers' lots (lockLotes).
 */
export async function upsertLotes(db: Db, lotes: Array<{ proveedor_producto_id: number; fecha_expiracion: string; cantidad: number }>): Promise<void> {
  for (const trozo of enTrozos(lotes)) {
    const json = JSON.stringify(trozo);
    const porFecha = sql`partition by ${lote.proveedor_producto_id}, ${lote.fecha_expiracion}`;
    await db.execute(sql`with v as (select * from json_to_recordset(${json}::json) as v(proveedor_producto_id int, fecha_expiracion date, cantidad numeric)),
      fecha as (
        select ${lote.id} as id, ${lote.cantidad} as cantidad, v.cantidad as objetivo,
          sum(${lote.cantidad}) over (${porFecha}) as total,
          coalesce(sum(${lote.cantidad}) over (${porFecha} order by ${lote.id} rows between unbounded preceding and 1 preceding), 0) as antes,
          row_number() over (${porFecha} order by ${lote.id}) as orden
        from ${lote} join v on v.proveedor_producto_id = ${lote.proveedor_producto_id} and v.fecha_expiracion = ${lote.fecha_expiracion}
      ),
      nuevas as (
        select id, case
          when objetivo > total then case when orden = 1 then cantidad + (objetivo - total) else cantidad end
          else greatest(0, cantidad - greatest(0, (total - objetivo) - antes))
        end as cantidad
        from fecha where objetivo <> total
      ),
      actualizados as (
        update ${lote} set ${columnas(lote.cantidad)} = n.cantidad from nuevas n where ${lote.id} = n.id and ${lote.cantidad} <> n.cantidad returning ${lote.id}
      )
      insert into ${lote} (${columnas(lote.proveedor_producto_id, lote.fecha_expiracion, lote.cantidad)})
      select v.proveedor_producto_id, v.fecha_expiracion, v.cantidad from v
      where not exists (select 1 from ${lote} where ${lote.proveedor_producto_id} = v.proveedor_producto_id and ${lote.fecha_expiracion} = v.fecha_expiracion)`);
  }
}

export interface OfertaPlantilla {
  id: number;
  sku: string;
  nombre: string;
  tarifa: number;
  categoria: string;
  marca: string;
  origen: string;
  unidad: string;
  formatos: string[];
  rangos: Record<string, number>;
  /** Per expiry date with stock, what its lots hold together, oldest date first. */
  lotes: Array<{ cantidad: number; fecha_expiracion: string }>;
}

/** The supplier's live offers as PRODUCTOS_REGISTRADOS.xlsx lists them: tiers, and stock per expiry date. */
export async function findOfertasParaPlantilla(db: Db, proveedorId: number): Promise<OfertaPlantilla[]> {
  return queryRows<OfertaPlantilla>(
    db,
    sql`select ${proveedorProducto.id} as id, ${proveedorProducto.sku} as sku, ${producto.nombre} as nombre, ${proveedorProducto.tarifa} as tarifa,
          ${categoria.nombre} as categoria, ${marca.nombre} as marca, ${origen.descripcion} as origen, ${unidad.descripcion} as unidad,
          coalesce((select array_agg(${formato.descripcion} order by ${formato.descripcion}) from ${productoFormato}
                    join ${formato} on ${formato.id} = ${productoFormato.formato_id} where ${productoFormato.producto_id} = ${producto.id}), '{}') as formatos,
          coalesce((select json_object_agg(${rangoPrecio.nombre}, ${proveedorProductoRango.precio}) from ${proveedorProductoRango}
                    join ${rangoPrecio} on ${rangoPrecio.id} = ${proveedorProductoRango.rango_precio_id}
                    where ${proveedorProductoRango.proveedor_producto_id} = ${proveedorProducto.id}), '{}') as rangos,
          coalesce((select json_agg(json_build_object('cantidad', f.cantidad::float8, 'fecha_expiracion', f.fecha::text) order by f.fecha)
                    from (select ${lote.fecha_expiracion} as fecha, sum(${lote.cantidad}) as cantidad from ${lote}
                          where ${lote.proveedor_producto_id} = ${proveedorProducto.id}
                          group by ${lote.fecha_expiracion} having sum(${lote.cantidad}) > 0) f), '[]') as lotes
        from ${proveedorProducto}
        join ${producto} on ${producto.id} = ${proveedorProducto.producto_id}
        join ${categoria} on ${categoria.id} = ${producto.categoria_id}
        join ${marca} on ${marca.id} = ${producto.marca_id}
        join ${origen} on ${origen.id} = ${producto.origen_id}
        join ${unidad} on ${unidad.id} = ${producto.unidad_id}
        where ${proveedorProducto.proveedor_id} = ${proveedorId} and ${ofertaVisible}
        order by ${producto.nombre}, ${proveedorProducto.sku}`,
  );
}
