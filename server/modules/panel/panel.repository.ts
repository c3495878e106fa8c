import { sql } from 'drizzle-orm';
import type { Panel } from '#common/schemas/panel';
import { type Db, queryRows } from '#server/db/client';
import { producto, unidad } from '#server/db/schema/catalogo';
import { lineaComparada } from '#server/db/schema/cotizaciones';
import { ordenLinea, pedido } from '#server/db/schema/ordenes';
import { condicionesProveedor, empresaProveedor, lote, proveedorProducto } from '#server/db/schema/proveedor';
import { ofertaVisible, productoVisible } from '#server/db/visible';

/** The pedido states that count as sold: all but rejected and annulled (docs/decisions/025). */
const VENDIDO = sql`('pendiente', 'confirmado', 'despachado', 'entregado')`;

/** The three steps of the supplier's start, and its pedidos accepted for delivery on `hoy` and not yet dispatched: one round trip. */
export async function findEstado(db: Db, proveedorId: number, hoy: string) {
  const [row] = await queryRows<{ empresa: boolean; condiciones: boolean; productos: boolean; por_despachar_hoy: number }>(
    db,
    sql`select
      exists(select 1 from ${empresaProveedor} where ${empresaProveedor.proveedor_id} = ${proveedorId}) as empresa,
      exists(select 1 from ${condicionesProveedor} where ${condicionesProveedor.proveedor_id} = ${proveedorId}) as condiciones,
      -- Any offer not archived, whatever its product's moderation: the step is to have offered something.
      exists(select 1 from ${proveedorProducto} where ${proveedorProducto.proveedor_id} = ${proveedorId} and ${ofertaVisible}) as productos,
      (select count(*)::int from ${pedido}
        where ${pedido.proveedor_id} = ${proveedorId} and ${pedido.estado} = 'confirmado' and ${pedido.fecha_entrega} = ${hoy}::date) as por_despachar_hoy`,
  );
  return row!;
}

/** Lots with stock of its live offers expiring from `desde` to `hasta` (inclusive), soonest first. */
export const findLotesPorVencer = (db: Db, proveedorId: number, desde: string, hasta: string) =>
  queryRows<Panel['lotes_por_vencer'][number]>(
    db,
    sql`select ${lote.id} as lote_id, ${proveedorProducto.id} as proveedor_producto_id, ${producto.nombre} as producto,
        ${unidad.descripcion} as unidad, ${lote.cantidad}::float8 as cantidad, ${lote.fecha_expiracion}::text as fecha_expiracion
      from ${lote}
      join ${proveedorProducto} on ${proveedorProducto.id} = ${lote.proveedor_producto_id}
      join ${producto} on ${producto.id} = ${proveedorProducto.producto_id}
      join ${unidad} on ${unidad.id} = ${producto.unidad_id}
      where ${proveedorProducto.proveedor_id} = ${proveedorId} and ${ofertaVisible} and ${producto.archivado_en} is null
        and ${lote.cantidad} > 0 and ${lote.fecha_expiracion} between ${desde}::date and ${hasta}::date
      order by ${lote.fecha_expiracion}, ${lote.id}`,
  );

/** Its live offers of products in the catalogue with no stock in any lot, oldest offer first. */
export const findSinStock = (db: Db, proveedorId: number) =>
  queryRows<Panel['sin_stock'][number]>(
    db,
    sql`select ${proveedorProducto.id} as proveedor_producto_id, ${producto.nombre} as producto, ${proveedorProducto.sku} as sku
      from ${proveedorProducto} join ${producto} on ${producto.id} = ${proveedorProducto.producto_id}
      where ${proveedorProducto.proveedor_id} = ${proveedorId} and ${ofertaVisible} and ${productoVisible}
        and not exists (select 1 from ${lote} where ${lote.proveedor_producto_id} = ${proveedorProducto.id} and ${lote.cantidad} > 0)
      order by ${proveedorProducto.id}`,
  );

/** Units and amount (the lines' subtotals, without delivery) sold by product in its pedidos placed since `desde`, largest amount first. */
export const findVentas = (db: Db, proveedorId: number, desde: Date) =>
  queryRows<Panel['ventas_30_dias'][number]>(
    db,
    sql`select ${ordenLinea.producto_id} as producto_id, ${producto.nombre} as producto, ${unidad.descripcion} as unidad,
        sum(${ordenLinea.cantidad})::float8 as cantidad, sum(${ordenLinea.subtotal})::float8 as monto
      from ${pedido}
      join ${ordenLinea} on ${ordenLinea.pedido_id} = ${pedido.id}
      join ${producto} on ${producto.id} = ${ordenLinea.producto_id}
      join ${unidad} on ${unidad.id} = ${producto.unidad_id}
      where ${pedido.proveedor_id} = ${proveedorId} and ${pedido.estado} in ${VENDIDO} and ${pedido.creado_en} >= ${desde.toISOString()}::timestamptz
      group by ${ordenLinea.producto_id}, ${producto.nombre}, ${unidad.descripcion}
      order by monto desc, ${ordenLinea.producto_id}`,
  );

/**
 * Per product, the comparisons since `desde` that weighed its offer (`de`), those whose selected
 * options for that product, as the buyer left them, are all of other suppliers (`veces`), and the
 * median of how much dearer its price was than the chosen one, in percent, one decimal (docs/decisions/025):
 * the chosen price of a line split among suppliers is their quantity-weighted unit price. A line
 * with no selected option left (the buyer dropped it) was lost to nobody. Only products lost at
 * least once, most lost first.
 */
export const findPerdidasPorPrecio = (db: Db, proveedorId: number, desde: Date) =>
  queryRows<Panel['perdidas_por_precio'][number]>(
    db,
    // Its lines: those of the window (btree on creado_en) that weighed it (GIN on proveedores), with
    // its price at its position in the line; each line carries its outcome (elegidos, precio_elegido,
    // kept by the comparison and by each change of choice), so no option is read: the pass over the
    // window's selected options was most of the panel's time (docs/decisions/025, Lo medido).
    sql`with lineas as (
        select ${lineaComparada.producto_id} as producto_id,
          ${lineaComparada.precios}[array_position(${lineaComparada.proveedores}, ${proveedorId}::int)] as precio,
          ${lineaComparada.precio_elegido} as elegido,
          cardinality(${lineaComparada.elegidos}) > 0 and not (${proveedorId}::int = any(${lineaComparada.elegidos})) as perdida
        from ${lineaComparada}
        where ${lineaComparada.proveedores} @> array[${proveedorId}::int] and ${lineaComparada.creado_en} >= ${desde.toISOString()}::timestamptz
      ), por_producto as (
        select producto_id, count(*)::int as de, (count(*) filter (where perdida))::int as veces,
          percentile_cont(0.5) within group (order by (precio - elegido) / elegido * 100) filter (where perdida) as mediana
        from lineas group by producto_id
      )
      select p.producto_id, ${producto.nombre} as producto, p.veces, p.de, round(p.mediana::numeric, 1)::float8 as diferencia_mediana_pct
      from por_producto p join ${producto} on ${producto.id} = p.producto_id
      where p.veces > 0
      order by p.veces desc, p.de desc, p.producto_id`,
  );
