import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows, readAll } from '#server/db/client';
import { columnas } from '#server/db/raw-sql';
import { producto, rangoPrecio, unidad } from '#server/db/schema/catalogo';
import { cotizacion, cotizante, estadoOpcion, lineaComparada, opcion, solicitud, solicitudDetalle } from '#server/db/schema/cotizaciones';
import { orden } from '#server/db/schema/ordenes';
import { lote, proveedorProducto, proveedorProductoRango } from '#server/db/schema/proveedor';
import { proveedorNombre, usuario } from '#server/db/schema/usuario';
import { comuna } from '#server/db/schema/ubicacion';
import { ofertaVisible, productoVisible, proveedorListo } from '#server/db/visible';
import type { Hold } from '#server/http/caller';
import { joinNombresDeProducto, nombresDeProducto } from '#server/modules/catalogo/catalogo.repository';
import { type Oferta, type OfertaViva, ofertasVivas } from './motor/ofertas-vivas';

/**
 * The offers of these products a comparison may use: not archived, of an approved product not
 * archived, of a supplier set up (docs/decisions/024; their lots are filtered apart). One copy for
 * findOfertas (comparar-precios' misses, actualizar, crear-orden) and the preload's compact read.
 */
export const ofertasComparables = (productoIds: readonly number[]) =>
  sql`select ${proveedorProducto.id} as id, ${proveedorProducto.producto_id} as producto_id, ${proveedorProducto.proveedor_id} as proveedor_id,
      ${proveedorProducto.tarifa} as tarifa
    from ${proveedorProducto} join ${producto} on ${producto.id} = ${proveedorProducto.producto_id}
    where ${proveedorProducto.producto_id} in ${productoIds} and ${ofertaVisible} and ${productoVisible}
      and ${proveedorListo(proveedorProducto.proveedor_id)}`;

/**
 * The offers of the given products, in ONE query for all the lines of a comparison: approved
 * products and offers that are not archived, with their lots that hold stock whatever their expiry
 * (the delivery date filters them: ofertasVivas), in offer order.
 *
 * What it costs (docs/decisions/006): ~1,500 offers, ~3,000 lots and ~5,300 tiers read from
 * covering indexes. Lots and tiers come back as arrays in index order: building a JSON object per
 * lot and per tier, and the join and sort that put tiers in limite_inferior order, were a third of
 * the query. The ~40 tier limits come from a second, tiny query run alongside. `= any(array(select
 * id from o))` makes both engines look the offers' lots and tiers up by index: with `in (select …)`
 * the embedded one read all 200,000 lots.
 */
export async function findOfertas(db: Db, productoIds: readonly number[]): Promise<Oferta[]> {
  if (productoIds.length === 0) return [];
  const [rows, limites] = await readAll(db, [
    () =>
      queryRows<{
        proveedor_producto_id: number;
        producto_id: number;
        proveedor_id: number;
        proveedor: string;
        tarifa: number;
        rangos: number[] | null;
        precios: number[] | null;
        cantidades: number[];
        fechas: string[];
      }>(
        db,
        sql`with o as (${ofertasComparables(productoIds)}), l as (
          select ${lote.proveedor_producto_id} as id, array_agg(${lote.cantidad}::float8 order by ${lote.fecha_expiracion}, ${lote.id}) as cantidades,
            array_agg(${lote.fecha_expiracion}::text order by ${lote.fecha_expiracion}, ${lote.id}) as fechas
          from ${lote}
          where ${lote.proveedor_producto_id} = any(array(select id from o)) and ${lote.cantidad} > 0
          group by ${lote.proveedor_producto_id}
        ), t as (
          select ${proveedorProductoRango.proveedor_producto_id} as id, array_agg(${proveedorProductoRango.rango_precio_id}) as rangos,
            array_agg(${proveedorProductoRango.precio}) as precios
          from ${proveedorProductoRango}
          where ${proveedorProductoRango.proveedor_producto_id} = any(array(select id from o)) and ${proveedorProductoRango.precio} > 0
          group by ${proveedorProductoRango.proveedor_producto_id}
        )
        select o.id as proveedor_producto_id, o.producto_id, o.proveedor_id, o.tarifa, ${proveedorNombre()} as proveedor,
          t.rangos, t.precios, l.cantidades, l.fechas
        from o join l on l.id = o.id join ${usuario} on ${usuario.id} = o.proveedor_id left join t on t.id = o.id
        order by o.id`,
      ),
    () => db.select({ id: rangoPrecio.id, limite_inferior: rangoPrecio.limite_inferior }).from(rangoPrecio),
  ]);
  const limiteDe = new Map(limites.map((r) => [r.id, r.limite_inferior]));
  // Spelled out, not spread: objects of one shape, which the comparison then reads ~1,500 at a time.
  return rows.map((r) => ({
    proveedor_producto_id: r.proveedor_producto_id,
    producto_id: r.producto_id,
    proveedor_id: r.proveedor_id,
    proveedor: r.proveedor,
    tarifa: r.tarifa,
    rangos: (r.rangos ?? [])
      .map((id, k) => ({ limite_inferior: limiteDe.get(id)!, precio: r.precios![k]! }))
      .sort((a, b) => a.limite_inferior - b.limite_inferior),
    // As float8: both drivers parse a float8[] (a numeric[] comes as its text literal); lots hold hundredths.
    lotes: r.cantidades.map((cantidad, k) => ({ cantidad, fecha_expiracion: r.fechas[k]! })),
  }));
}

/** The live offers of the given products for a delivery date, read from the database (actualizar reads them so, in its transaction). */
export async function findOfertasVivas(db: Db, productoIds: readonly number[], fecha: string): Promise<OfertaViva[]> {
  return ofertasVivas(await findOfertas(db, productoIds), fecha);
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
  return joinNombresDeProducto(
    db
      .select({
        id: producto.id,
        nombre: producto.nombre,
        categoria_id: producto.categoria_id,
        ...nombresDeProducto,
        disponible: sql<boolean>`${productoVisible}`,
      })
      .from(producto)
      .$dynamic(),
  ).where(inArray(producto.id, [...ids]));
}

/** Every approved, not archived product, by id: what the comparison cache reads when it starts. */
export async function findProductosVivosIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: producto.id }).from(producto).where(productoVisible).orderBy(producto.id);
  return rows.map((r) => r.id);
}

/** A request's holder and its newest delivery record (the one the buyer confirmed last: docs/producto.md §4.3 creates one per 'Generar cotización'). */
export interface SolicitudAComparar extends Hold {
  cotizante: { id: number; fecha_entrega: string | null; comuna: { id: number; nombre: string } | null } | undefined;
}

/** Both in one round trip: comparar-precios needs them before anything else. */
export async function findSolicitudAComparar(db: Db, solicitudId: number): Promise<SolicitudAComparar | undefined> {
  const [row] = await queryRows<Hold & { cotizante_id: number | null; fecha_entrega: string | null; comuna_id: number | null; comuna_nombre: string | null }>(
    db,
    sql`select ${solicitud.id} as id, ${solicitud.usuario_id} as usuario_id, ${solicitud.clave_hash} as clave_hash,
        c.id as cotizante_id, c.fecha_entrega::text as fecha_entrega, c.comuna_id, ${comuna.nombre} as comuna_nombre
      from ${solicitud} left join lateral (
        select ${cotizante.id} as id, ${cotizante.fecha_entrega} as fecha_entrega, ${cotizante.comuna_id} as comuna_id from ${cotizante}
        where ${cotizante.solicitud_id} = ${solicitud.id} order by ${cotizante.id} desc limit 1
      ) c on true
      left join ${comuna} on ${comuna.id} = c.comuna_id
      where ${solicitud.id} = ${solicitudId}`,
  );
  if (!row) return undefined;
  const { cotizante_id, fecha_entrega, comuna_id, comuna_nombre, ...held } = row;
  const lugar = comuna_id === null || comuna_nombre === null ? null : { id: comuna_id, nombre: comuna_nombre };
  return { ...held, cotizante: cotizante_id === null ? undefined : { id: cotizante_id, fecha_entrega, comuna: lugar } };
}

/** What a request's delivery days need (dias-entrega.ts), in one round trip: its holder, its products, and the comuna asked for (null: no comuna has that id). */
export interface SolicitudDias extends Hold {
  productoIds: number[];
  comuna: { id: number; nombre: string } | null;
}

export async function findSolicitudDias(db: Db, solicitudId: number, comunaId: number): Promise<SolicitudDias | undefined> {
  const [row] = await queryRows<Hold & { producto_ids: number[]; comuna_nombre: string | null }>(
    db,
    sql`select ${solicitud.id} as id, ${solicitud.usuario_id} as usuario_id, ${solicitud.clave_hash} as clave_hash,
        coalesce((select array_agg(${solicitudDetalle.producto_id} order by ${solicitudDetalle.producto_id}) from ${solicitudDetalle}
          where ${solicitudDetalle.solicitud_id} = ${solicitud.id}), '{}') as producto_ids,
        (select ${comuna.nombre} from ${comuna} where ${comuna.id} = ${comunaId}) as comuna_nombre
      from ${solicitud} where ${solicitud.id} = ${solicitudId}`,
  );
  if (!row) return undefined;
  const { producto_ids, comuna_nombre, ...hold } = row;
  return { ...hold, productoIds: producto_ids.map(Number), comuna: comuna_nombre === null ? null : { id: comunaId, nombre: comuna_nombre } };
}

export type OpcionNueva = Omit<typeof opcion.$inferInsert, 'id' | 'cotizacion_id'>;
/**
 * A line of a comparison with the suppliers it weighed there, each at its cheapest unit price, and
 * its outcome: the suppliers of its selected options and their quantity-weighted unit price, null
 * when none was selected (docs/decisions/025).
 */
export type LineaComparadaNueva = Pick<typeof lineaComparada.$inferInsert, 'producto_id' | 'proveedores' | 'precios'> & {
  elegidos: number[];
  precio_elegido: number | null;
};

/** A PostgreSQL array literal of numbers or enum labels we produced ourselves (never user text); null is NULL. */
const arreglo = (valores: ReadonlyArray<number | string | null>) => `{${valores.map((v) => v ?? 'NULL').join(',')}}`;

/** A text[] literal whose elements are the int[] literals of each line's numbers: '{"{1,2}","{3}"}'. */
const arreglosPorLinea = (lineas: ReadonlyArray<readonly number[]>) => arreglo(lineas.map((l) => `"${arreglo(l)}"`));

/**
 * A quotation, its options and its lines with the suppliers they weighed in ONE statement (one
 * round trip, atomic); the options' ids come back in the order given. The rows travel as arrays
 * through unnest(): as VALUES, 1,500 options were 10,000 bind parameters and 200 ms on PostgreSQL.
 * A line's suppliers and prices, arrays of different lengths per line, travel as one text[] each
 * whose elements are cast to int[] (a 2-D array must be rectangular): three bind parameters
 * whatever the size.
 */
export async function insertCotizacionConOpciones(
  db: Db,
  valores: { solicitud_id: number; cotizante_id: number | null; usuario_id: number | null },
  opciones: readonly OpcionNueva[],
  comparadas: readonly LineaComparadaNueva[],
): Promise<{ cotizacionId: number; opcionIds: number[] }> {
  const [row] = await queryRows<{ cotizacion_id: number; opcion_ids: number[] }>(
    db,
    sql`with c as (
        insert into ${cotizacion} (${columnas(cotizacion.solicitud_id, cotizacion.cotizante_id, cotizacion.usuario_id)})
        values (${valores.solicitud_id}, ${valores.cotizante_id}::int, ${valores.usuario_id}::int) returning ${cotizacion.id} as id
      ), o as (
        insert into ${opcion} (${columnas(
          opcion.cotizacion_id,
          opcion.producto_id,
          opcion.proveedor_producto_id,
          opcion.cantidad_solicitada,
          opcion.cantidad_proveida,
          opcion.precio,
          opcion.estado,
        )})
        select c.id, u.* from c, unnest(
          ${arreglo(opciones.map((o) => o.producto_id))}::int[],
          ${arreglo(opciones.map((o) => o.proveedor_producto_id))}::int[],
          ${arreglo(opciones.map((o) => o.cantidad_solicitada))}::numeric[],
          ${arreglo(opciones.map((o) => o.cantidad_proveida))}::numeric[],
          ${arreglo(opciones.map((o) => o.precio))}::int[],
          ${arreglo(opciones.map((o) => o.estado))}::${sql.identifier(estadoOpcion.enumName)}[]) u
        returning ${opcion.id} as id
      ), w as (
        insert into ${lineaComparada} (${columnas(
          lineaComparada.cotizacion_id,
          lineaComparada.producto_id,
          lineaComparada.proveedores,
          lineaComparada.precios,
          lineaComparada.elegidos,
          lineaComparada.precio_elegido,
        )})
        select c.id, u.producto_id, u.proveedores::int[], u.precios::int[], u.elegidos::int[], u.precio_elegido from c, unnest(
          ${arreglo(comparadas.map((l) => l.producto_id))}::int[],
          ${arreglosPorLinea(comparadas.map((l) => l.proveedores))}::text[],
          ${arreglosPorLinea(comparadas.map((l) => l.precios))}::text[],
          ${arreglosPorLinea(comparadas.map((l) => l.elegidos))}::text[],
          ${arreglo(comparadas.map((l) => l.precio_elegido))}::float8[]) u(producto_id, proveedores, precios, elegidos, precio_elegido)
      )
      select (select id from c) as cotizacion_id, coalesce((select array_agg(id order by id) from o), '{}') as opcion_ids`,
  );
  // One statement takes its serial ids in the order of its rows; array_agg(… order by id) makes that explicit.
  return { cotizacionId: row!.cotizacion_id, opcionIds: row!.opcion_ids.map(Number) };
}

/** A quotation, held as its request is held (one clave or one user opens the whole flow, docs/decisions/005). */
export interface CotizacionHold extends Hold {
  solicitud_id: number;
  cotizante_id: number | null;
}

/**
 * Who holds a quotation: its request's user or clave. With `lock`, the quotation's row stays
 * locked until the transaction ends: two orders (or an order and a change of choice) of one
 * quotation run one after the other, which is what makes a double submit create one order.
 */
export async function findCotizacionHold(db: Db, id: number, { lock = false } = {}): Promise<CotizacionHold | undefined> {
  const query = db
    .select({
      id: cotizacion.id,
      usuario_id: solicitud.usuario_id,
      clave_hash: solicitud.clave_hash,
      solicitud_id: cotizacion.solicitud_id,
      cotizante_id: cotizacion.cotizante_id,
    })
    .from(cotizacion)
    .innerJoin(solicitud, eq(cotizacion.solicitud_id, solicitud.id))
    .where(eq(cotizacion.id, id));
  const [row] = lock ? await query.for('update', { of: cotizacion }) : await query;
  return row;
}

export async function findOrdenIdDeCotizacion(db: Db, cotizacionId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: orden.id }).from(orden).where(eq(orden.cotizacion_id, cotizacionId)).orderBy(asc(orden.id)).limit(1);
  return row?.id;
}

/** One option of a quotation, as a change of choice reads it. */
export interface OpcionActual {
  id: number;
  producto_id: number;
  proveedor_producto_id: number;
  cantidad_solicitada: number;
}

export const findOpciones = (db: Db, cotizacionId: number): Promise<OpcionActual[]> =>
  db
    .select({
      id: opcion.id,
      producto_id: opcion.producto_id,
      proveedor_producto_id: opcion.proveedor_producto_id,
      cantidad_solicitada: opcion.cantidad_solicitada,
    })
    .from(opcion)
    .where(eq(opcion.cotizacion_id, cotizacionId))
    .orderBy(asc(opcion.id));

/** The products a request asked for, with the quantity asked. */
export const findDetallesSolicitud = (db: Db, solicitudId: number) =>
  db
    .select({ producto_id: solicitudDetalle.producto_id, cantidad: solicitudDetalle.cantidad })
    .from(solicitudDetalle)
    .where(eq(solicitudDetalle.solicitud_id, solicitudId));

export interface OpcionElegida {
  /** The option already priced for this offer, if any. */
  opcion_id?: number;
  producto_id: number;
  proveedor_producto_id: number;
  cantidad_solicitada: number;
  cantidad_proveida: number;
  precio: number;
}

/**
 * Makes `elegidas` the quotation's selected options and every other option an additional one, and
 * rewrites each compared line's outcome from them (the suppliers chosen and their quantity-weighted
 * unit price; '{}' and null for a line left without a selection: docs/decisions/025).
 * Run it in the transaction that locked the quotation.
 */
export async function replaceSeleccion(db: Db, cotizacionId: number, elegidas: OpcionElegida[]): Promise<void> {
  await db.update(opcion).set({ estado: 'adicional' }).where(eq(opcion.cotizacion_id, cotizacionId));
  for (const e of elegidas) {
    const valores = { cantidad_proveida: e.cantidad_proveida, precio: e.precio, estado: 'seleccionado' as const };
    if (e.opcion_id === undefined) {
      await db.insert(opcion).values({
        ...valores,
        cotizacion_id: cotizacionId,
        producto_id: e.producto_id,
        proveedor_producto_id: e.proveedor_producto_id,
        cantidad_solicitada: e.cantidad_solicitada,
      });
    } else {
      await db.update(opcion).set(valores).where(eq(opcion.id, e.opcion_id));
    }
  }
  // One statement for all its lines (≤ 30, by the primary key): an aggregate with no row gives '{}' and null.
  await db.execute(sql`update ${lineaComparada} lc set (elegidos, precio_elegido) = (
      select coalesce(array_agg(distinct ${proveedorProducto.proveedor_id}), '{}'),
        sum(${opcion.precio} * ${opcion.cantidad_proveida}::float8) / nullif(sum(${opcion.cantidad_proveida}::float8), 0)
      from ${opcion} join ${proveedorProducto} on ${proveedorProducto.id} = ${opcion.proveedor_producto_id}
      where ${opcion.cotizacion_id} = lc.cotizacion_id and ${opcion.producto_id} = lc.producto_id and ${opcion.estado} = 'seleccionado')
    where lc.cotizacion_id = ${cotizacionId}`);
  await db.update(cotizacion).set({ actualizado_en: sql`now()` }).where(eq(cotizacion.id, cotizacionId));
}

/** Product and supplier names of offers, archived or not, for messages about them. */
export const findNombresOfertas = (db: Db, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: proveedorProducto.id,
          producto_id: proveedorProducto.producto_id,
          producto_nombre: producto.nombre,
          proveedor_nombre: proveedorNombre(),
          unidad: unidad.descripcion,
        })
        .from(proveedorProducto)
        .innerJoin(producto, eq(proveedorProducto.producto_id, producto.id))
        .innerJoin(unidad, eq(producto.unidad_id, unidad.id))
        .innerJoin(usuario, eq(proveedorProducto.proveedor_id, usuario.id))
        .where(inArray(proveedorProducto.id, ids));
