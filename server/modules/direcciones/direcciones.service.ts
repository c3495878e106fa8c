import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Direccion, direccionSchema } from '../../../common/schemas/direcciones';
import type { Db } from '../../db/client';
import { cotizante } from '../../db/schema/cotizaciones';
import { usuario } from '../../db/schema/usuario';
import { AppError, notFound } from '../../errors';
import { comunaDeRegion, findDireccion, findDirecciones } from './direcciones.repository';

type DireccionData = z.output<typeof direccionSchema>;
const NO_ENCONTRADA = 'Dirección no encontrada.';

/** Region and comuna must exist and belong together (names come from the database, not the client). */
async function assertUbicacion(db: Db, data: DireccionData) {
  const regionDeComuna = await comunaDeRegion(db, data.comuna);
  if (regionDeComuna === undefined) throw new AppError(400, { comuna: ['Seleccione una comuna'] });
  if (regionDeComuna !== data.region) throw new AppError(400, { comuna: ['La comuna no pertenece a la región seleccionada.'] });
}

const valores = (d: DireccionData) => ({
  nombre_contacto: d.nombre_contacto,
  correo_contacto: d.correo_contacto,
  telefono_contacto: d.telefono_contacto,
  direccion_envio: d.direccion_envio,
  region_id: d.region,
  comuna_id: d.comuna,
});

/** The account's shipping address (usuario.direccion_envio) follows the active address. */
async function syncDireccionEnvio(db: Db, usuarioId: number) {
  await db
    .update(usuario)
    .set({
      direccion_envio: sql`coalesce((SELECT c.direccion_envio || coalesce(', ' || co.nombre, '') FROM cotizante c LEFT JOIN comuna co ON co.id = c.comuna_id
                                     WHERE c.usuario_id = ${usuarioId} AND c.activa), '')`,
    })
    .where(eq(usuario.id, usuarioId));
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
    const existentes = await tx.select({ id: cotizante.id }).from(cotizante).where(and(eq(cotizante.usuario_id, usuarioId), eq(cotizante.activa, true)));
    const [row] = await tx
      .insert(cotizante)
      .values({ ...valores(data), usuario_id: usuarioId, activa: existentes.length === 0 })
      .returning({ id: cotizante.id });
    await syncDireccionEnvio(tx, usuarioId);
    return row!.id;
  });
  return owned(db, usuarioId, id);
}

export async function updateDireccion(db: Db, usuarioId: number, id: number, data: DireccionData): Promise<Direccion> {
  await owned(db, usuarioId, id);
  await assertUbicacion(db, data);
  await db.transaction(async (tx) => {
    await tx
      .update(cotizante)
      .set(valores(data))
      .where(and(eq(cotizante.id, id), eq(cotizante.usuario_id, usuarioId)));
    await syncDireccionEnvio(tx, usuarioId);
  });
  return owned(db, usuarioId, id);
}

/** Deleting the active address activates the most recent remaining one. */
export async function deleteDireccion(db: Db, usuarioId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [borrada] = await tx
      .delete(cotizante)
      .where(and(eq(cotizante.id, id), eq(cotizante.usuario_id, usuarioId)))
      .returning({ activa: cotizante.activa });
    if (!borrada) throw notFound(NO_ENCONTRADA);
    if (!borrada.activa) return;
    const [siguiente] = await tx.select({ id: cotizante.id }).from(cotizante).where(eq(cotizante.usuario_id, usuarioId)).orderBy(desc(cotizante.id)).limit(1);
    if (siguiente) await tx.update(cotizante).set({ activa: true }).where(eq(cotizante.id, siguiente.id));
    await syncDireccionEnvio(tx, usuarioId);
  });
}

/** Makes one address the active one; the database's partial unique index keeps it to one. */
export async function activateDireccion(db: Db, usuarioId: number, id: number): Promise<Direccion[]> {
  await owned(db, usuarioId, id);
  await db.transaction(async (tx) => {
    await tx
      .update(cotizante)
      .set({ activa: false })
      .where(and(eq(cotizante.usuario_id, usuarioId), ne(cotizante.id, id)));
    await tx.update(cotizante).set({ activa: true }).where(eq(cotizante.id, id));
    await syncDireccionEnvio(tx, usuarioId);
  });
  return findDirecciones(db, usuarioId);
}
