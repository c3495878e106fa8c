import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categoria, marca, origen, producto, unidad } from '../../db/schema/catalogo';
import { cotizacion, cotizante, opcion } from '../../db/schema/cotizaciones';
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

/** A requested product as a comparison shows it; `disponible` = approved and not archived. */
export interface ProductoComparable {
  id: number;
  nombre: string;
  categoria_id: number;
  categoria: string;
  origen: string;
  marca: string;
  unidad: string;
  disponible: boolean;
}

export async function findProductosComparables(db: Db, ids: readonly number[]): Promise<ProductoComparable[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: producto.id,
      nombre: producto.nombre,
      categoria_id: producto.categoria_id,
      categoria: categoria.nombre,
      origen: origen.descripcion,
      marca: marca.nombre,
      unidad: unidad.descripcion,
      estado: producto.estado_moderacion,
      archivado_en: producto.archivado_en,
    })
    .from(producto)
    .innerJoin(categoria, eq(producto.categoria_id, categoria.id))
    .innerJoin(origen, eq(producto.origen_id, origen.id))
    .innerJoin(marca, eq(producto.marca_id, marca.id))
    .innerJoin(unidad, eq(producto.unidad_id, unidad.id))
    .where(inArray(producto.id, [...ids]));
  return rows.map(({ estado, archivado_en, ...p }) => ({ ...p, disponible: estado === 'aprobado' && archivado_en === null }));
}

/** The newest delivery record of a request: the one the buyer confirmed last (SPEC §4.3 creates one per 'Generar cotización'). */
export async function findUltimoCotizante(db: Db, solicitudId: number): Promise<{ id: number; fecha_entrega: string | null } | undefined> {
  const [row] = await db
    .select({ id: cotizante.id, fecha_entrega: cotizante.fecha_entrega })
    .from(cotizante)
    .where(eq(cotizante.solicitud_id, solicitudId))
    .orderBy(desc(cotizante.id))
    .limit(1);
  return row;
}

export async function insertCotizacion(db: Db, valores: { solicitud_id: number; cotizante_id: number | null; usuario_id: number | null }): Promise<number> {
  const [row] = await db.insert(cotizacion).values(valores).returning({ id: cotizacion.id });
  return row!.id;
}

export type OpcionNueva = Omit<typeof opcion.$inferInsert, 'id' | 'cotizacion_id'>;

/** The options of a quotation, in one statement; their ids in the order given. */
export async function insertOpciones(db: Db, cotizacionId: number, opciones: readonly OpcionNueva[]): Promise<number[]> {
  if (opciones.length === 0) return [];
  const rows = await db
    .insert(opcion)
    .values(opciones.map((o) => ({ ...o, cotizacion_id: cotizacionId })))
    .returning({ id: opcion.id });
  // One statement takes its serial ids in the order of its rows; sorting makes that explicit.
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
