import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Moderacion, ProductoAReenviar, ProductoPendiente } from '#common/schemas/moderacion';
import type { EstadoModeracion } from '#common/schemas/proveedor-productos';
import { type Db, readAll } from '#server/db/client';
import { formato, producto, productoFormato, rangoPrecio } from '#server/db/schema/catalogo';
import { condicionesProveedor, empresaProveedor, lote, proveedorProducto, proveedorProductoRango } from '#server/db/schema/proveedor';
import { proveedorNombre, usuario } from '#server/db/schema/usuario';
import { joinNombresDeProducto, nombresDeProducto } from '#server/modules/catalogo/catalogo.repository';

const pendiente = and(eq(producto.estado_moderacion, 'pendiente'), isNull(producto.archivado_en));
/** The offer of a pending product its proposer keeps (live): where its SKU, price, tiers and stock come from. */
const ofertaDelQuePropuso = and(pendiente, eq(proveedorProducto.proveedor_id, producto.creado_por), isNull(proveedorProducto.archivado_en));

/**
 * docs/producto.md §3 Pending product, in full (docs/decisions/009): products waiting for a moderator,
 * with their data, who proposed them (empty if that account is gone) and that supplier's offer
 * (its first live one, if several). Without `similares`: the service adds them from the catalogue
 * in memory. Reads by joins, not lists of ids: an upload can leave thousands pending.
 */
export async function findProductosPendientes(db: Db): Promise<Array<Omit<ProductoPendiente, 'similares'>>> {
  const [productos, formatos, ofertas, rangos, stock] = await readAll(db, [
    () => {
      const { categoria: categoria_nombre, ...nombres } = nombresDeProducto;
      return joinNombresDeProducto(
        db
          .select({
            id: producto.id,
            nombre: producto.nombre,
            categoria_nombre,
            proveedor_email: sql<string>`coalesce(${usuario.email}, '')`,
            proveedor_nombre: sql<string>`coalesce(${proveedorNombre()}, '')`,
            ...nombres,
            creado_en: producto.creado_en,
          })
          .from(producto)
          .$dynamic(),
      )
        .leftJoin(usuario, eq(producto.creado_por, usuario.id))
        .where(pendiente)
        .orderBy(asc(producto.id));
    },
    () =>
      db
        .select({ producto: productoFormato.producto_id, descripcion: formato.descripcion })
        .from(productoFormato)
        .innerJoin(formato, eq(productoFormato.formato_id, formato.id))
        .innerJoin(producto, eq(productoFormato.producto_id, producto.id))
        .where(pendiente)
        .orderBy(asc(formato.descripcion)),
    () =>
      db
        .select({ id: proveedorProducto.id, producto: proveedorProducto.producto_id, sku: proveedorProducto.sku, tarifa: proveedorProducto.tarifa })
        .from(proveedorProducto)
        .innerJoin(producto, eq(proveedorProducto.producto_id, producto.id))
        .where(ofertaDelQuePropuso)
        .orderBy(asc(proveedorProducto.id)),
    () =>
      db
        .select({ oferta: proveedorProductoRango.proveedor_producto_id, nombre: rangoPrecio.nombre, precio: proveedorProductoRango.precio })
        .from(proveedorProductoRango)
        .innerJoin(rangoPrecio, eq(proveedorProductoRango.rango_precio_id, rangoPrecio.id))
        .innerJoin(proveedorProducto, eq(proveedorProductoRango.proveedor_producto_id, proveedorProducto.id))
        .innerJoin(producto, eq(proveedorProducto.producto_id, producto.id))
        .where(ofertaDelQuePropuso)
        .orderBy(asc(rangoPrecio.limite_inferior)),
    () =>
      db
        .select({ oferta: lote.proveedor_producto_id, cantidad: sql<number>`sum(${lote.cantidad})`.mapWith(Number) })
        .from(lote)
        .innerJoin(proveedorProducto, eq(lote.proveedor_producto_id, proveedorProducto.id))
        .innerJoin(producto, eq(proveedorProducto.producto_id, producto.id))
        .where(and(ofertaDelQuePropuso, gt(lote.cantidad, 0)))
        .groupBy(lote.proveedor_producto_id),
  ]);
  const formatosDe = new Map<number, string[]>();
  for (const f of formatos) formatosDe.set(f.producto, [...(formatosDe.get(f.producto) ?? []), f.descripcion]);
  const ofertaDe = new Map<number, (typeof ofertas)[number]>();
  for (const o of ofertas) if (!ofertaDe.has(o.producto)) ofertaDe.set(o.producto, o);
  const rangosDe = new Map<number, Record<string, number>>();
  for (const r of rangos) rangosDe.set(r.oferta, { ...rangosDe.get(r.oferta), [r.nombre]: r.precio });
  const stockDe = new Map(stock.map((s) => [s.oferta, s.cantidad]));
  return productos.map((p) => {
    const oferta = ofertaDe.get(p.id);
    return {
      ...p,
      creado_en: p.creado_en.toISOString(),
      formatos: formatosDe.get(p.id) ?? [],
      sku: oferta?.sku ?? null,
      precio: oferta?.tarifa ?? null,
      rangos: (oferta && rangosDe.get(oferta.id)) ?? {},
      stock: (oferta && stockDe.get(oferta.id)) ?? 0,
    };
  });
}

const moderacion = {
  producto_id: producto.id,
  estado_moderacion: producto.estado_moderacion,
  motivo_rechazo: producto.motivo_rechazo,
  moderado_en: producto.moderado_en,
};
const aSalida = (r: { producto_id: number; estado_moderacion: EstadoModeracion; motivo_rechazo: string | null; moderado_en: Date | null }): Moderacion => ({
  ...r,
  moderado_en: r.moderado_en?.toISOString() ?? null,
});

/** A product's moderation state, its row locked until the transaction ends; undefined when missing or archived. */
export async function lockModeracion(db: Db, productoId: number): Promise<Moderacion | undefined> {
  const [row] = await db
    .select(moderacion)
    .from(producto)
    .where(and(eq(producto.id, productoId), isNull(producto.archivado_en)))
    .for('update');
  return row && aSalida(row);
}

/** Records a decision: who took it and when, and the reason of a rejection (null otherwise). */
export async function updateModeracion(
  db: Db,
  productoId: number,
  valores: { estado_moderacion: EstadoModeracion; motivo_rechazo: string | null; moderado_por: number },
): Promise<Moderacion> {
  const [row] = await db
    .update(producto)
    .set({ ...valores, moderado_en: sql`now()` })
    .where(eq(producto.id, productoId))
    .returning(moderacion);
  return aSalida(row!);
}

/**
 * Who proposed a product, to write to about its decision: the product's name, the account's e-mail,
 * the name buyers see, and whether its offers can be compared yet (company data and delivery terms
 * saved, docs/producto.md §17). Undefined when that account is gone.
 */
export async function findProponente(db: Db, productoId: number) {
  const [row] = await db
    .select({
      producto: producto.nombre,
      email: usuario.email,
      nombre: proveedorNombre(),
      tieneEmpresa: sql<boolean>`exists(select 1 from ${empresaProveedor} where ${empresaProveedor.proveedor_id} = ${usuario.id})`,
      tieneCondiciones: sql<boolean>`exists(select 1 from ${condicionesProveedor} where ${condicionesProveedor.proveedor_id} = ${usuario.id})`,
    })
    .from(producto)
    .innerJoin(usuario, eq(producto.creado_por, usuario.id))
    .where(eq(producto.id, productoId));
  return row;
}

/**
 * The product of one of this supplier's live offers, locked until the transaction ends, with what
 * the correction form starts from; undefined when the offer is another supplier's, archived or missing.
 */
export async function lockProductoDeOferta(db: Db, proveedorId: number, ofertaId: number) {
  const [row] = await db
    .select({
      producto_id: producto.id,
      creado_por: producto.creado_por,
      estado_moderacion: producto.estado_moderacion,
      categoria_id: producto.categoria_id,
    })
    .from(proveedorProducto)
    .innerJoin(producto, eq(proveedorProducto.producto_id, producto.id))
    .where(
      and(
        eq(proveedorProducto.id, ofertaId),
        eq(proveedorProducto.proveedor_id, proveedorId),
        isNull(proveedorProducto.archivado_en),
        isNull(producto.archivado_en),
      ),
    )
    .for('update', { of: producto });
  return row;
}

/** A product's data as the correction form shows it (categoria, unidad and formato by name; the first formato). */
export async function findProductoAReenviar(db: Db, productoId: number): Promise<ProductoAReenviar> {
  const [row] = await joinNombresDeProducto(
    db
      .select({
        nombre: producto.nombre,
        ...nombresDeProducto,
        formato: sql<string>`coalesce((select ${formato.descripcion} from ${productoFormato} join ${formato} on ${formato.id} = ${productoFormato.formato_id}
          where ${productoFormato.producto_id} = ${producto.id} order by ${formato.descripcion} limit 1), '')`,
        motivo_rechazo: producto.motivo_rechazo,
      })
      .from(producto)
      .$dynamic(),
  ).where(eq(producto.id, productoId));
  return row!;
}

/** The pending products this supplier proposed, other than `salvo`, each with the SKU of its live offer (null without one). */
export const findPendientesDelProveedor = (db: Db, proveedorId: number, salvo = 0) =>
  db
    .select({ nombre: producto.nombre, sku: sql<string | null>`min(${proveedorProducto.sku})` })
    .from(producto)
    .leftJoin(
      proveedorProducto,
      and(eq(proveedorProducto.producto_id, producto.id), eq(proveedorProducto.proveedor_id, proveedorId), isNull(proveedorProducto.archivado_en)),
    )
    .where(and(pendiente, eq(producto.creado_por, proveedorId), ne(producto.id, salvo)))
    .groupBy(producto.id, producto.nombre);

/**
 * A rejected product corrected by its supplier: its data replaced, pending again, the last decision
 * forgotten (docs/decisions/009, corregir y reenviar). Formats replaced by `formatoId` (none when null).
 */
export async function updateProductoReenviado(
  db: Db,
  productoId: number,
  datos: { nombre: string; categoria_id: number; origen_id: number; marca_id: number; unidad_id: number; formatoId: number | null },
): Promise<void> {
  const { formatoId, ...valores } = datos;
  await db
    .update(producto)
    .set({ ...valores, estado_moderacion: 'pendiente', motivo_rechazo: null, moderado_por: null, moderado_en: null })
    .where(eq(producto.id, productoId));
  await db.delete(productoFormato).where(eq(productoFormato.producto_id, productoId));
  if (formatoId !== null) await db.insert(productoFormato).values({ producto_id: productoId, formato_id: formatoId });
}

/**
 * The offers of a product moved to another category keep the prices of the tiers that have the same label there
 * (the tiers are per category, docs/producto.md §9); the others are dropped.
 */
export async function moveRangosDeCategoria(db: Db, productoId: number, categoriaId: number): Promise<void> {
  await db.execute(sql`
    with movidos as (
      delete from ${proveedorProductoRango} r using ${rangoPrecio} viejo, ${proveedorProducto} o
      where o.producto_id = ${productoId} and r.proveedor_producto_id = o.id and viejo.id = r.rango_precio_id and viejo.categoria_id <> ${categoriaId}
      returning r.proveedor_producto_id, r.precio, viejo.nombre
    )
    insert into ${proveedorProductoRango} (proveedor_producto_id, rango_precio_id, precio)
    select m.proveedor_producto_id, nuevo.id, m.precio from movidos m join ${rangoPrecio} nuevo on nuevo.categoria_id = ${categoriaId} and nuevo.nombre = m.nombre
    on conflict do nothing`);
}
