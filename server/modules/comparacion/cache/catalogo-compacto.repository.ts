import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#server/db/client';
import { rangoPrecio } from '#server/db/schema/catalogo';
import { lote, proveedorProductoRango } from '#server/db/schema/proveedor';
import { ofertasComparables } from '../comparacion.repository';
import { proveedorNombre, usuario } from '#server/db/schema/usuario';

/**
 * One product's live offers as the preload reads them (docs/decisions/015): comma-separated
 * numbers, in offer order. `ofertas`: per offer proveedor_producto_id, proveedor_id, tarifa, how
 * many tiers, how many lots. `rangos`: per tier rango_precio_id and precio. `lotes`: per lot its
 * cantidad (numeric's own text) and expiry (days since 2000-01-01), first to expire first. Null: none.
 */
export interface FilaCompacta {
  producto_id: number;
  ofertas: string;
  rangos: string | null;
  lotes: string;
}

/**
 * What findOfertas reads (same filters, same order), but one row per product of texts that split
 * into numbers natively: building an object per offer, lot and tier, and parsing their arrays
 * element by element, was most of preloading 1,000,000 offers. Lots' expiries travel as day
 * numbers and amounts as numeric text (no float8 or date text to format: a third of the query). A
 * product without live offers has no row.
 */
export function findFilasCompactas(db: Db, productoIds: readonly number[]): Promise<FilaCompacta[]> {
  if (productoIds.length === 0) return Promise.resolve([]);
  return queryRows<FilaCompacta>(
    db,
    sql`with o as (${ofertasComparables(productoIds)}), l as (
      select ${lote.proveedor_producto_id} as id, count(*) as n,
        string_agg(${lote.cantidad}::text || ',' || (${lote.fecha_expiracion} - date '2000-01-01'), ',' order by ${lote.fecha_expiracion}, ${lote.id}) as lotes
      from ${lote}
      where ${lote.proveedor_producto_id} = any(array(select id from o)) and ${lote.cantidad} > 0
      group by ${lote.proveedor_producto_id}
    ), t as (
      select ${proveedorProductoRango.proveedor_producto_id} as id, count(*) as n,
        string_agg(${proveedorProductoRango.rango_precio_id} || ',' || ${proveedorProductoRango.precio}, ',' order by ${proveedorProductoRango.rango_precio_id}) as rangos
      from ${proveedorProductoRango}
      where ${proveedorProductoRango.proveedor_producto_id} = any(array(select id from o)) and ${proveedorProductoRango.precio} > 0
      group by ${proveedorProductoRango.proveedor_producto_id}
    )
    select o.producto_id,
      string_agg(o.id || ',' || o.proveedor_id || ',' || o.tarifa || ',' || coalesce(t.n, 0) || ',' || l.n, ',' order by o.id) as ofertas,
      string_agg(t.rangos, ',' order by o.id) as rangos,
      string_agg(l.lotes, ',' order by o.id) as lotes
    from o join l on l.id = o.id left join t on t.id = o.id
    group by o.producto_id`,
  );
}

/** Every volume tier's lower limit, by id (what findOfertas maps its tiers with). */
export async function findLimitesRangos(db: Db): Promise<Map<number, number>> {
  const rows = await db.select({ id: rangoPrecio.id, limite_inferior: rangoPrecio.limite_inferior }).from(rangoPrecio);
  return new Map(rows.map((r) => [r.id, r.limite_inferior]));
}

/** Suppliers' names as a buyer knows them (findOfertas' `proveedor`), by id. */
export async function findNombresProveedores(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; nombre: string }>(
    db,
    sql`select ${usuario.id} as id, ${proveedorNombre()} as nombre from ${usuario} where ${usuario.id} in ${ids}`,
  );
  return new Map(rows.map((r) => [r.id, r.nombre]));
}
