import { and, desc, eq } from 'drizzle-orm';
import type { Direccion } from '../../../common/schemas/direcciones';
import type { Db } from '../../db/client';
import { cotizante } from '../../db/schema/cotizaciones';
import { comuna, region } from '../../db/schema/ubicacion';

export type CotizanteRow = typeof cotizante.$inferSelect;

const columnas = {
  id: cotizante.id,
  nombre_contacto: cotizante.nombre_contacto,
  correo_contacto: cotizante.correo_contacto,
  telefono_contacto: cotizante.telefono_contacto,
  direccion_envio: cotizante.direccion_envio,
  region: cotizante.region_id,
  comuna: cotizante.comuna_id,
  region_nombre: region.nombre,
  comuna_nombre: comuna.nombre,
  fecha_entrega: cotizante.fecha_entrega,
  activa: cotizante.activa,
};

const selectDirecciones = (db: Db) =>
  db.select(columnas).from(cotizante).leftJoin(region, eq(cotizante.region_id, region.id)).leftJoin(comuna, eq(cotizante.comuna_id, comuna.id));

const toDireccion = (r: Omit<Direccion, 'cotizante_id'>): Direccion => ({ ...r, cotizante_id: r.id });

/** The user's addresses, the active one first, then the newest. */
export async function findDirecciones(db: Db, usuarioId: number): Promise<Direccion[]> {
  const rows = await selectDirecciones(db).where(eq(cotizante.usuario_id, usuarioId)).orderBy(desc(cotizante.activa), desc(cotizante.id));
  return rows.map(toDireccion);
}

/** One address of its owner; another user's id finds nothing (404, never 403: ids are not confirmed). */
export async function findDireccion(db: Db, usuarioId: number, id: number): Promise<Direccion | undefined> {
  const [row] = await selectDirecciones(db).where(and(eq(cotizante.id, id), eq(cotizante.usuario_id, usuarioId)));
  return row && toDireccion(row);
}

export async function findDireccionActiva(db: Db, usuarioId: number): Promise<Direccion | undefined> {
  const [row] = await selectDirecciones(db).where(and(eq(cotizante.usuario_id, usuarioId), eq(cotizante.activa, true)));
  return row && toDireccion(row);
}

export async function comunaDeRegion(db: Db, comunaId: number): Promise<number | undefined> {
  const [row] = await db.select({ region_id: comuna.region_id }).from(comuna).where(eq(comuna.id, comunaId));
  return row?.region_id;
}
