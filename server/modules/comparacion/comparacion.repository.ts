import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { producto } from '../../db/schema/catalogo';
import { lote, proveedorProducto } from '../../db/schema/proveedor';
import { usuario } from '../../db/schema/usuario';
import type { Tramo } from './precio';

/** A stock lot an offer can sell from: it has stock and expires after the delivery date. */
export interface LoteVivo {
  id: number;
  cantidad: number;
  /** YYYY-MM-DD */
  fecha_expiracion: string;
}

/** An offer that can be bought for a delivery date (DESIGN §3.1), with what pricing it needs. */
export interface OfertaViva {
  proveedor_producto_id: number;
  producto_id: number;
  proveedor_id: number;
  /** The supplier as a buyer knows it: its company name, else the person's name. */
  proveedor: string;
  tarifa: number;
  /** Priced tiers, lowest limite_inferior first. */
  tramos: Tramo[];
  /** Sum of the usable lots. */
  stock: number;
  /** Usable lots, first to expire first (the order takes them in this order). */
  lotes: LoteVivo[];
}

// A lot counts only if it has stock and is still good on the delivery day (DESIGN §3.1: a lot that
// expires before delivery never counts). The same condition filters the offers and builds their lots.
const loteUsable = (fecha: string) => sql`${lote.cantidad} > 0 and ${lote.fecha_expiracion} > ${fecha}::date`;

/**
 * The live offers of the given products for a delivery date (YYYY-MM-DD), in ONE query for all
 * the lines of a comparison: approved products and offers that are not archived, and that have
 * at least one usable lot. Tiers and lots come aggregated as JSON so the round trip is one.
 */
export async function findOfertasVivas(db: Db, productoIds: readonly number[], fecha: string): Promise<OfertaViva[]> {
  if (productoIds.length === 0) return [];
  const rows = await db
    .select({
      proveedor_producto_id: proveedorProducto.id,
      producto_id: proveedorProducto.producto_id,
      proveedor_id: proveedorProducto.proveedor_id,
      proveedor: sql<string>`coalesce(nullif(trim(${usuario.empresa}), ''), trim(${usuario.first_name} || ' ' || ${usuario.last_name}))`,
      tarifa: proveedorProducto.tarifa,
      tramos: sql<Tramo[]>`(
        select coalesce(json_agg(json_build_object('limite_inferior', rp.limite_inferior, 'precio', ppr.precio) order by rp.limite_inferior), '[]'::json)
        from proveedor_producto_rango ppr join rango_precio rp on rp.id = ppr.rango_precio_id
        where ppr.proveedor_producto_id = ${proveedorProducto.id} and ppr.precio > 0)`,
      lotes: sql<LoteVivo[]>`(
        select json_agg(json_build_object('id', ${lote.id}, 'cantidad', ${lote.cantidad}, 'fecha_expiracion', ${lote.fecha_expiracion}) order by ${lote.fecha_expiracion}, ${lote.id})
        from ${lote} where ${lote.proveedor_producto_id} = ${proveedorProducto.id} and ${loteUsable(fecha)})`,
    })
    .from(proveedorProducto)
    .innerJoin(producto, eq(producto.id, proveedorProducto.producto_id))
    .innerJoin(usuario, eq(usuario.id, proveedorProducto.proveedor_id))
    .where(
      and(
        inArray(proveedorProducto.producto_id, [...productoIds]),
        isNull(proveedorProducto.archivado_en),
        isNull(producto.archivado_en),
        eq(producto.estado_moderacion, 'aprobado'),
        sql`exists (select 1 from ${lote} where ${lote.proveedor_producto_id} = ${proveedorProducto.id} and ${loteUsable(fecha)})`,
      ),
    )
    .orderBy(proveedorProducto.id);
  return rows.map((r) => {
    // numeric columns travel as JSON numbers; Number() also accepts a driver that sends strings.
    const lotes = (r.lotes ?? []).map((l) => ({ id: l.id, cantidad: Number(l.cantidad), fecha_expiracion: l.fecha_expiracion }));
    return {
      ...r,
      tramos: r.tramos.map((t) => ({ limite_inferior: Number(t.limite_inferior), precio: t.precio })),
      lotes,
      // Lots hold hundredths: summing them in cents keeps 0.1 + 0.2 from becoming 0.30000000000000004.
      stock: lotes.reduce((s, l) => s + Math.round(l.cantidad * 100), 0) / 100,
    };
  });
}
