import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Cotizante, DetalleSolicitud } from '#common/schemas/cotizaciones';
import type { Db } from '#server/db/client';
import { producto, unidad } from '#server/db/schema/catalogo';
import { cotizante, solicitud, solicitudDetalle } from '#server/db/schema/cotizaciones';
import { comuna, region } from '#server/db/schema/ubicacion';
import { productoVisible } from '#server/db/visible';
import type { Hold } from '#server/http/caller';
import { joinNombresDeProducto, nombresDeProducto } from '#server/modules/catalogo/catalogo.repository';

/** A catalogue product as a request row needs it to be checked (docs/producto.md §5 Quotation). */
export interface ProductoSolicitable {
  id: number;
  nombre: string;
  categoria_id: number;
  /** 'KILO' or 'CAJA': the unit its minimum is written in. */
  unidad: string;
  disponible: boolean;
}

export async function findProductosSolicitables(db: Db, ids: number[]): Promise<ProductoSolicitable[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: producto.id,
      nombre: producto.nombre,
      categoria_id: producto.categoria_id,
      unidad: unidad.descripcion,
      // Only what the catalogue shows can be quoted.
      disponible: sql<boolean>`${productoVisible}`,
    })
    .from(producto)
    .innerJoin(unidad, eq(producto.unidad_id, unidad.id))
    .where(inArray(producto.id, ids));
  return rows;
}

export async function insertSolicitud(db: Db, held: Omit<Hold, 'id'>): Promise<number> {
  const [row] = await db.insert(solicitud).values(held).returning({ id: solicitud.id });
  return row!.id;
}

/**
 * Who holds a request. With `lock`, the row stays locked until the transaction ends, so two
 * edits of one request replace its rows one after the other.
 */
export async function findSolicitudHold(db: Db, id: number, { lock = false } = {}): Promise<Hold | undefined> {
  const query = db.select({ id: solicitud.id, usuario_id: solicitud.usuario_id, clave_hash: solicitud.clave_hash }).from(solicitud).where(eq(solicitud.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * Gives a user every anonymous record held by one clave (a request and its delivery records, one
 * quotation flow); the clave stops working (docs/decisions/005).
 */
export async function setUsuarioOfClave(db: Db, claveHash: string, usuarioId: number): Promise<void> {
  const deLaClave = <T extends typeof solicitud | typeof cotizante>(t: T) => and(eq(t.clave_hash, claveHash), isNull(t.usuario_id));
  await db.update(solicitud).set({ usuario_id: usuarioId, clave_hash: null }).where(deLaClave(solicitud));
  await db.update(cotizante).set({ usuario_id: usuarioId, clave_hash: null }).where(deLaClave(cotizante));
}

/** Replaces every row of a request; run it in a transaction with the request locked. */
export async function replaceDetalles(db: Db, solicitudId: number, filas: Array<{ producto: number; cantidad: number }>): Promise<void> {
  await db.delete(solicitudDetalle).where(eq(solicitudDetalle.solicitud_id, solicitudId));
  await db.insert(solicitudDetalle).values(filas.map((f) => ({ solicitud_id: solicitudId, producto_id: f.producto, cantidad: f.cantidad })));
}

/** A request with its rows in the order they were sent, names from the catalogue. */
export async function findSolicitud(db: Db, id: number): Promise<{ id: number; fecha_creacion: string; detalles: DetalleSolicitud[] } | undefined> {
  const [cabecera] = await db.select({ id: solicitud.id, fecha_creacion: solicitud.fecha_creacion }).from(solicitud).where(eq(solicitud.id, id));
  if (!cabecera) return undefined;
  const detalles = await joinNombresDeProducto(
    db
      .select({
        producto_id: solicitudDetalle.producto_id,
        cantidad: solicitudDetalle.cantidad,
        producto_nombre: producto.nombre,
        ...nombresDeProducto,
      })
      .from(solicitudDetalle)
      .innerJoin(producto, eq(solicitudDetalle.producto_id, producto.id))
      .$dynamic(),
  )
    .where(eq(solicitudDetalle.solicitud_id, id))
    .orderBy(asc(solicitudDetalle.id));
  return { id: cabecera.id, fecha_creacion: cabecera.fecha_creacion.toISOString(), detalles };
}

/** What a quotation's delivery record holds (names of región and comuna come from the database). */
export interface CotizanteValores {
  fecha_entrega: string | null;
  nombre_contacto: string;
  correo_contacto: string;
  telefono_contacto: string;
  direccion_envio: string;
  region_id: number | null;
  comuna_id: number | null;
  solicitud_id: number;
}

export async function insertCotizante(db: Db, valores: CotizanteValores & Omit<Hold, 'id'>): Promise<number> {
  const [row] = await db.insert(cotizante).values(valores).returning({ id: cotizante.id });
  return row!.id;
}

export async function findCotizanteHold(db: Db, id: number, { lock = false } = {}): Promise<Hold | undefined> {
  const query = db.select({ id: cotizante.id, usuario_id: cotizante.usuario_id, clave_hash: cotizante.clave_hash }).from(cotizante).where(eq(cotizante.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateCotizante(db: Db, id: number, valores: CotizanteValores): Promise<void> {
  await db.update(cotizante).set(valores).where(eq(cotizante.id, id));
}

export async function findCotizante(db: Db, id: number): Promise<Omit<Cotizante, 'clave'> | undefined> {
  const [row] = await db
    .select({
      cotizante_id: cotizante.id,
      fecha_entrega: cotizante.fecha_entrega,
      nombre_contacto: cotizante.nombre_contacto,
      correo_contacto: cotizante.correo_contacto,
      telefono_contacto: cotizante.telefono_contacto,
      direccion_envio: cotizante.direccion_envio,
      region: cotizante.region_id,
      comuna: cotizante.comuna_id,
      region_nombre: region.nombre,
      comuna_nombre: comuna.nombre,
      solicitud_id: cotizante.solicitud_id,
    })
    .from(cotizante)
    .leftJoin(region, eq(cotizante.region_id, region.id))
    .leftJoin(comuna, eq(cotizante.comuna_id, comuna.id))
    .where(eq(cotizante.id, id));
  return row;
}
