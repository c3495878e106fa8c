import { asc, eq } from 'drizzle-orm';
import { sortByEs } from '#common/sort-es';
import type { Db } from '#server/db/client';
import { comuna, region } from '#server/db/schema/ubicacion';

export const findRegiones = (db: Db) => db.select({ id: region.id, nombre: region.nombre }).from(region).orderBy(asc(region.orden));

export async function findComunas(db: Db, regionId: number) {
  const rows = await db.select({ id: comuna.id, nombre: comuna.nombre }).from(comuna).where(eq(comuna.region_id, regionId));
  return sortByEs(rows, (c) => c.nombre);
}

export async function existsRegion(db: Db, regionId: number): Promise<boolean> {
  const rows = await db.select({ id: region.id }).from(region).where(eq(region.id, regionId));
  return rows.length > 0;
}
