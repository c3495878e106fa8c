import type { z } from 'zod';
import { COMUNA_DE_OTRA_REGION, type Direccion, type direccionSchema, SELECCIONE_COMUNA } from '#common/schemas/direcciones';
import type { Db } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import {
  type DireccionValores,
  deleteDireccionRow,
  findDireccion,
  findDireccionActiva,
  findDirecciones,
  findNewestDireccionId,
  findRegionDeComuna,
  insertDireccion,
  lockDireccionesDe,
  setDireccionActiva,
  setUsuarioDireccionEnvio,
  updateDireccionValores,
} from './direcciones.repository';

type DireccionData = z.output<typeof direccionSchema>;
const NO_ENCONTRADA = 'Dirección no encontrada.';

/** Region and comuna must exist and belong together (names come from the database, not the client). */
async function assertUbicacion(db: Db, data: DireccionData) {
  const regionDeComuna = await findRegionDeComuna(db, data.comuna);
  if (regionDeComuna === undefined) throw new AppError(400, { comuna: [SELECCIONE_COMUNA] });
  if (regionDeComuna !== data.region) throw new AppError(400, { comuna: [COMUNA_DE_OTRA_REGION] });
}

const valores = (d: DireccionData): DireccionValores => ({
  nombre_contacto: d.nombre_contacto,
  correo_contacto: d.correo_contacto,
  telefono_contacto: d.telefono_contacto,
  direccion_envio: d.direccion_envio,
  region_id: d.region,
  comuna_id: d.comuna,
});

/** The account's shipping address as /mi-cuenta shows it: street, then comuna. */
export const formatDireccionEnvio = (d: Pick<Direccion, 'direccion_envio' | 'comuna_nombre'>) =>
  d.comuna_nombre ? `${d.direccion_envio}, ${d.comuna_nombre}` : d.direccion_envio;

/**
 * usuario.direccion_envio follows the active address (empty without one). Every write that can
 * change the active address calls this in its transaction; nothing else writes that column.
 */
export async function syncDireccionEnvio(db: Db, usuarioId: number): Promise<void> {
  const activa = await findDireccionActiva(db, usuarioId);
  await setUsuarioDireccionEnvio(db, usuarioId, activa ? formatDireccionEnvio(activa) : '');
}

async function owned(db: Db, usuarioId: number, id: number): Promise<Direccion> {
  const direccion = await findDireccion(db, usuarioId, id);
  if (!direccion) throw notFound(NO_ENCONTRADA);
  return direccion;
}

/** The first address a user adds becomes the active one (exactly one active per user). */
export async function addDireccion(db: Db, usuarioId: number, data: DireccionData): Promise<Direccion> {
  await assertUbicacion(db, data);
  const id = await db.transaction(async (tx) => {
    await lockDireccionesDe(tx, usuarioId);
    const activa = await findDireccionActiva(tx, usuarioId);
    const nueva = await insertDireccion(tx, usuarioId, valores(data), activa === undefined);
    await syncDireccionEnvio(tx, usuarioId);
    return nueva;
  });
  return owned(db, usuarioId, id);
}

/** Changes the saved address only: quotations and orders keep the copies they made (DESIGN §2). */
export async function updateDireccion(db: Db, usuarioId: number, id: number, data: DireccionData): Promise<Direccion> {
  await owned(db, usuarioId, id);
  await assertUbicacion(db, data);
  await db.transaction(async (tx) => {
    if (!(await updateDireccionValores(tx, usuarioId, id, valores(data)))) throw notFound(NO_ENCONTRADA);
    await syncDireccionEnvio(tx, usuarioId);
  });
  return owned(db, usuarioId, id);
}

/** Deleting the active address activates the most recent remaining one. */
export async function deleteDireccion(db: Db, usuarioId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDireccionesDe(tx, usuarioId);
    const borrada = await deleteDireccionRow(tx, usuarioId, id);
    if (!borrada) throw notFound(NO_ENCONTRADA);
    if (!borrada.activa) return;
    const siguiente = await findNewestDireccionId(tx, usuarioId);
    if (siguiente !== undefined) await setDireccionActiva(tx, usuarioId, siguiente);
    await syncDireccionEnvio(tx, usuarioId);
  });
}

/** Makes one address the active one; the database's partial unique index keeps it to one. */
export async function activateDireccion(db: Db, usuarioId: number, id: number): Promise<Direccion[]> {
  await owned(db, usuarioId, id);
  await db.transaction(async (tx) => {
    await lockDireccionesDe(tx, usuarioId);
    await setDireccionActiva(tx, usuarioId, id);
    await syncDireccionEnvio(tx, usuarioId);
  });
  return findDirecciones(db, usuarioId);
}
