import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Direccion } from '#common/schemas/direcciones';
import type { Db } from '#server/db/client';
import { cotizante } from '#server/db/schema/cotizaciones';
import { direccion } from '#server/db/schema/direcciones';
import { comuna, region } from '#server/db/schema/ubicacion';
import { usuario } from '#server/db/schema/usuario';

/** What a user writes into a saved address (names of región and comuna come from the database). */
export interface DireccionValores {
  nombre_contacto: string;
  correo_contacto: string;
  telefono_contacto: string;
  direccion_envio: string;
  region_id: number;
  comuna_id: number;
}

// The address API (docs/producto.md §7) calls the id cotizante_id and has a fecha_entrega; a saved address has no date.
const columnas = {
  id: direccion.id,
  nombre_contacto: direccion.nombre_contacto,
  correo_contacto: direccion.correo_contacto,
  telefono_contacto: direccion.telefono_contacto,
  direccion_envio: direccion.direccion_envio,
  region: direccion.region_id,
  comuna: direccion.comuna_id,
  region_nombre: region.nombre,
  comuna_nombre: comuna.nombre,
  fecha_entrega: sql<string | null>`null`,
  activa: direccion.activa,
};

const selectDirecciones = (db: Db) =>
  db.select(columnas).from(direccion).leftJoin(region, eq(direccion.region_id, region.id)).leftJoin(comuna, eq(direccion.comuna_id, comuna.id));

const toDireccion = (r: Omit<Direccion, 'cotizante_id'>): Direccion => ({ ...r, cotizante_id: r.id });

/** The user's saved addresses, the active one first, then the newest. */
export async function findDirecciones(db: Db, usuarioId: number): Promise<Direccion[]> {
  const rows = await selectDirecciones(db).where(eq(direccion.usuario_id, usuarioId)).orderBy(desc(direccion.activa), desc(direccion.id));
  return rows.map(toDireccion);
}

/** One address of its owner; another user's id finds nothing (404, never 403: ids are not confirmed). */
export async function findDireccion(db: Db, usuarioId: number, id: number): Promise<Direccion | undefined> {
  const [row] = await selectDirecciones(db).where(and(eq(direccion.id, id), eq(direccion.usuario_id, usuarioId)));
  return row && toDireccion(row);
}

export async function findDireccionActiva(db: Db, usuarioId: number): Promise<Direccion | undefined> {
  const [row] = await selectDirecciones(db).where(and(eq(direccion.usuario_id, usuarioId), eq(direccion.activa, true)));
  return row && toDireccion(row);
}

/** The región a comuna belongs to, or undefined when the comuna does not exist. */
export async function findRegionDeComuna(db: Db, comunaId: number): Promise<number | undefined> {
  const [row] = await db.select({ region_id: comuna.region_id }).from(comuna).where(eq(comuna.id, comunaId));
  return row?.region_id;
}

export async function insertDireccion(db: Db, usuarioId: number, valores: DireccionValores, activa: boolean): Promise<number> {
  const [row] = await db
    .insert(direccion)
    .values({ ...valores, usuario_id: usuarioId, activa })
    .returning({ id: direccion.id });
  return row!.id;
}

/** Overwrites an address of its owner; false when the user has no address with that id. */
export async function updateDireccionValores(db: Db, usuarioId: number, id: number, valores: DireccionValores): Promise<boolean> {
  const rows = await db
    .update(direccion)
    .set(valores)
    .where(and(eq(direccion.id, id), eq(direccion.usuario_id, usuarioId)))
    .returning({ id: direccion.id });
  return rows.length > 0;
}

/** Deletes an address of its owner and says whether it was the active one; undefined when not found. */
export async function deleteDireccionRow(db: Db, usuarioId: number, id: number): Promise<{ activa: boolean } | undefined> {
  const [row] = await db
    .delete(direccion)
    .where(and(eq(direccion.id, id), eq(direccion.usuario_id, usuarioId)))
    .returning({ activa: direccion.activa });
  return row;
}

export async function findNewestDireccionId(db: Db, usuarioId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: direccion.id }).from(direccion).where(eq(direccion.usuario_id, usuarioId)).orderBy(desc(direccion.id)).limit(1);
  return row?.id;
}

/**
 * Makes one address of the user the active one. Two statements: run it in a transaction; the
 * partial unique index (direccion_una_activa) refuses any interleaving that would leave two.
 */
export async function setDireccionActiva(db: Db, usuarioId: number, id: number): Promise<void> {
  await db
    .update(direccion)
    .set({ activa: false })
    .where(and(eq(direccion.usuario_id, usuarioId), ne(direccion.id, id), eq(direccion.activa, true)));
  await db
    .update(direccion)
    .set({ activa: true })
    .where(and(eq(direccion.usuario_id, usuarioId), eq(direccion.id, id)));
}

/**
 * Takes the user's row lock until the transaction ends, so two writes to one user's addresses
 * (two first addresses, two activations) run one after the other instead of racing into the
 * one-active index. Call it first inside the transaction.
 */
export async function lockDireccionesDe(db: Db, usuarioId: number): Promise<void> {
  await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, usuarioId)).for('update');
}

/** usuario.direccion_envio, the shipping address /mi-cuenta shows. */
export async function setUsuarioDireccionEnvio(db: Db, usuarioId: number, direccionEnvio: string): Promise<void> {
  await db.update(usuario).set({ direccion_envio: direccionEnvio }).where(eq(usuario.id, usuarioId));
}

/**
 * A new delivery record for a quotation, COPIED from a saved address of the user (DESIGN §2):
 * nothing links the two afterwards, so editing or deleting the address leaves it unchanged.
 * Undefined when the user has no address with that id.
 */
export async function copyDireccionToCotizante(
  db: Db,
  usuarioId: number,
  direccionId: number,
  entrega: { solicitud_id: number | null; fecha_entrega: string | null },
): Promise<number | undefined> {
  const [origen] = await db
    .select({
      usuario_id: direccion.usuario_id,
      nombre_contacto: direccion.nombre_contacto,
      correo_contacto: direccion.correo_contacto,
      telefono_contacto: direccion.telefono_contacto,
      direccion_envio: direccion.direccion_envio,
      region_id: direccion.region_id,
      comuna_id: direccion.comuna_id,
    })
    .from(direccion)
    .where(and(eq(direccion.id, direccionId), eq(direccion.usuario_id, usuarioId)));
  if (!origen) return undefined;
  const [row] = await db
    .insert(cotizante)
    .values({ ...origen, ...entrega })
    .returning({ id: cotizante.id });
  return row!.id;
}
