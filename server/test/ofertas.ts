import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { categoria, marca, origen, producto, rangoPrecio, unidad } from '#server/db/schema/catalogo';
import { lote, proveedorProducto, proveedorProductoRango } from '#server/db/schema/proveedor';
import { usuario } from '#server/db/schema/usuario';
import { prepararProveedor } from './proveedores';

/**
 * Test data for comparisons, written straight to the database: each test builds its own product
 * so the seed's offers never change what it expects. Category 'SECOS' has the tiers of docs/producto.md §9
 * (100, 300, 700, 1000, 1500 kg).
 */
let seq = 0;

export async function createProductoDePrueba(
  db: Db,
  { estado = 'aprobado' as 'aprobado' | 'pendiente' | 'rechazado', archivado = false, unidadNombre = 'KILO' } = {},
) {
  const [cat] = await db.select({ id: categoria.id }).from(categoria).orderBy(categoria.id).limit(1);
  const [ori] = await db.select({ id: origen.id }).from(origen).orderBy(origen.id).limit(1);
  const [mar] = await db.select({ id: marca.id }).from(marca).orderBy(marca.id).limit(1);
  const [uni] = await db.select({ id: unidad.id }).from(unidad).where(eq(unidad.descripcion, unidadNombre));
  const [p] = await db
    .insert(producto)
    .values({
      nombre: `Producto de prueba ${process.pid}-${Date.now()}-${seq++}`,
      categoria_id: cat!.id,
      origen_id: ori!.id,
      marca_id: mar!.id,
      unidad_id: uni!.id,
      estado_moderacion: estado,
      archivado_en: archivado ? sql`now()` : null,
    })
    .returning({ id: producto.id, categoria_id: producto.categoria_id });
  return p!;
}

export async function findProveedorIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.is_proveedor, true)).orderBy(usuario.id);
  return rows.map((r) => r.id);
}

/**
 * An offer with tier prices by limite_inferior ({100: 4990}) and lots [cantidad, 'YYYY-MM-DD'].
 * Its supplier is set up first where it is not (prepararProveedor: what it saved stays), so the
 * offer is compared; `preparar: false` leaves the supplier as it is.
 */
export async function createOfertaDePrueba(
  db: Db,
  o: {
    productoId: number;
    categoriaId: number;
    proveedorId: number;
    tarifa: number;
    rangos?: Record<number, number>;
    lotes: Array<[number, string]>;
    archivada?: boolean;
    preparar?: boolean;
  },
) {
  if (o.preparar !== false) await prepararProveedor(db, o.proveedorId);
  const [pp] = await db
    .insert(proveedorProducto)
    .values({
      proveedor_id: o.proveedorId,
      producto_id: o.productoId,
      sku: `T${process.pid}-${seq++}`,
      tarifa: o.tarifa,
      archivado_en: o.archivada ? sql`now()` : null,
    })
    .returning({ id: proveedorProducto.id });
  for (const [limite, precio] of Object.entries(o.rangos ?? {})) {
    const [r] = await db
      .select({ id: rangoPrecio.id })
      .from(rangoPrecio)
      .where(and(eq(rangoPrecio.categoria_id, o.categoriaId), eq(rangoPrecio.limite_inferior, Number(limite))));
    await db.insert(proveedorProductoRango).values({ proveedor_producto_id: pp!.id, rango_precio_id: r!.id, precio });
  }
  if (o.lotes.length > 0)
    await db.insert(lote).values(o.lotes.map(([cantidad, fecha_expiracion]) => ({ proveedor_producto_id: pp!.id, cantidad, fecha_expiracion })));
  return pp!.id;
}
