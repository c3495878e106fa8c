import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client';
import { categoria, formato, marca, origen, producto, productoFormato, rangoPrecio, unidad } from '../../../db/schema/catalogo';
import { lote, proveedorProducto, proveedorProductoRango } from '../../../db/schema/proveedor';
import type { ProductoCatalogo } from './coincidencias';
import { claveStock, type StockPorFecha } from './conflictos';

/** Reads and writes of the Excel upload (issue #10); the rules are in carga.service.ts. */

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
/** Between two pages: the upload gives the loop back there (issue #20 item 5); nothing otherwise. */
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
        sql`select pp.id, pp.sku, pp.producto_id, p.categoria_id, p.nombre, pp.archivado_en is not null as archivada
            from proveedor_producto pp join producto p on p.id = pp.producto_id
            where pp.proveedor_id = ${proveedorId} and pp.id > ${desde} order by pp.id limit ${PAGINA}`,
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
        sql`select p.id, p.nombre, m.nombre as marca, o.descripcion as origen,
              coalesce(array_agg(f.descripcion order by f.descripcion) filter (where f.id is not null), '{}') as formatos
            from producto p
            join marca m on m.id = p.marca_id
            join origen o on o.id = p.origen_id
            left join producto_formato pf on pf.producto_id = p.id
            left join formato f on f.id = pf.formato_id
            where p.estado_moderacion = 'aprobado' and p.archivado_en is null and p.id > ${desde}
            group by p.id, m.nombre, o.descripcion
            order by p.id limit ${PAGINA}`,
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
      .where(and(inArray(producto.id, trozo), eq(producto.estado_moderacion, 'aprobado'), isNull(producto.archivado_en)));
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

/** Products a supplier brings to the platform: pending moderation, created by that supplier (SPEC §2 Moderation). */
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
    await db.execute(sql`update proveedor_producto pp set tarifa = v.tarifa, archivado_en = null, actualizado_en = now()
      from json_to_recordset(${JSON.stringify(trozo)}::json) as v(id int, tarifa int)
      where pp.id = v.id and pp.proveedor_id = ${proveedorId} and (pp.tarifa <> v.tarifa or pp.archivado_en is not null)`);
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

/** What the supplier's live offers hold per expiry date (an upload compares its rows with it: issue #20). */
export async function findStockPorFecha(db: Db, proveedorId: number): Promise<StockPorFecha> {
  const filas = await queryRows<{ oferta: number; fecha: string; cantidad: number }>(
    db,
    sql`select l.proveedor_producto_id as oferta, l.fecha_expiracion::text as fecha, l.cantidad::float8 as cantidad
        from lote l join proveedor_producto pp on pp.id = l.proveedor_producto_id
        where pp.proveedor_id = ${proveedorId} and pp.archivado_en is null`,
  );
  return sumarStock(new Map(), filas);
}

/**
 * Locks every lot of these offers, in id order and in ONE statement (orders lock lots in id order,
 * docs/decisions/007; locked chunk by chunk, a later chunk's lower ids came after an earlier
 * chunk's higher ones, and an order holding one of those could wait for this write while it
 * waited for the order: issue #20), and answers what they hold per expiry date, as of the lock.
 */
export async function lockLotes(db: Db, ofertaIds: number[]): Promise<StockPorFecha> {
  if (ofertaIds.length === 0) return new Map();
  const filas = await queryRows<{ oferta: number; fecha: string; cantidad: number }>(
    db,
    sql`select proveedor_producto_id as oferta, fecha_expiracion::text as fecha, cantidad::float8 as cantidad from ${lote}
        where proveedor_producto_id in (select value::int from json_array_elements_text(${JSON.stringify([...new Set(ofertaIds)])}::json))
        order by id for update`,
  );
  return sumarStock(new Map(), filas);
}

/**
 * Each (offer, expiry date) comes to hold the file's quantity, all its lots of that date together
 * (PRODUCTOS_REGISTRADOS.xlsx writes one row per date with their sum: issue #20): a rise goes to
 * the oldest lot of the date, a fall is taken from the oldest on, as an order takes stock; a date
 * without lots gets one; a date that already holds it is not written. Other dates are untouched
 * (docs/decisions/008). Orders decrement lots in place, so the quantity is what is on hand now
 * and nothing is subtracted again. The caller has locked the offers' lots (lockLotes).
 */
export async function upsertLotes(db: Db, lotes: Array<{ proveedor_producto_id: number; fecha_expiracion: string; cantidad: number }>): Promise<void> {
  for (const trozo of enTrozos(lotes)) {
    const json = JSON.stringify(trozo);
    await db.execute(sql`with v as (select * from json_to_recordset(${json}::json) as v(proveedor_producto_id int, fecha_expiracion date, cantidad numeric)),
      fecha as (
        select l.id, l.cantidad, v.cantidad as objetivo,
          sum(l.cantidad) over (partition by l.proveedor_producto_id, l.fecha_expiracion) as total,
          coalesce(sum(l.cantidad) over (partition by l.proveedor_producto_id, l.fecha_expiracion order by l.id rows between unbounded preceding and 1 preceding), 0) as antes,
          row_number() over (partition by l.proveedor_producto_id, l.fecha_expiracion order by l.id) as orden
        from lote l join v on v.proveedor_producto_id = l.proveedor_producto_id and v.fecha_expiracion = l.fecha_expiracion
      ),
      nuevas as (
        select id, case
          when objetivo > total then case when orden = 1 then cantidad + (objetivo - total) else cantidad end
          else greatest(0, cantidad - greatest(0, (total - objetivo) - antes))
        end as cantidad
        from fecha where objetivo <> total
      ),
      actualizados as (update lote set cantidad = n.cantidad from nuevas n where lote.id = n.id and lote.cantidad <> n.cantidad returning lote.id)
      insert into lote (proveedor_producto_id, fecha_expiracion, cantidad)
      select v.proveedor_producto_id, v.fecha_expiracion, v.cantidad from v
      where not exists (select 1 from lote l where l.proveedor_producto_id = v.proveedor_producto_id and l.fecha_expiracion = v.fecha_expiracion)`);
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
    sql`select pp.id, pp.sku, p.nombre, pp.tarifa, c.nombre as categoria, m.nombre as marca, o.descripcion as origen, u.descripcion as unidad,
          coalesce((select array_agg(f.descripcion order by f.descripcion) from producto_formato pf join formato f on f.id = pf.formato_id where pf.producto_id = p.id), '{}') as formatos,
          coalesce((select json_object_agg(r.nombre, ppr.precio) from proveedor_producto_rango ppr join rango_precio r on r.id = ppr.rango_precio_id where ppr.proveedor_producto_id = pp.id), '{}') as rangos,
          coalesce((select json_agg(json_build_object('cantidad', f.cantidad::float8, 'fecha_expiracion', f.fecha::text) order by f.fecha)
                    from (select l.fecha_expiracion as fecha, sum(l.cantidad) as cantidad from lote l where l.proveedor_producto_id = pp.id
                          group by l.fecha_expiracion having sum(l.cantidad) > 0) f), '[]') as lotes
        from proveedor_producto pp
        join producto p on p.id = pp.producto_id
        join categoria c on c.id = p.categoria_id
        join marca m on m.id = p.marca_id
        join origen o on o.id = p.origen_id
        join unidad u on u.id = p.unidad_id
        where pp.proveedor_id = ${proveedorId} and pp.archivado_en is null
        order by p.nombre, pp.sku`,
  );
}
