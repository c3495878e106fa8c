import type { CondicionesDespacho } from '#common/despacho';
import { COMUNA_DESCONOCIDA, type CondicionesData } from '#common/schemas/condiciones';
import type { Db } from '#server/db/client';
import { AppError } from '#server/errors';
import { findCondicionesDefinidas, findCondicionesProveedores, findTodasLasComunas, upsertCondiciones } from './condiciones.repository';

/** The supplier's terms, its defaults when it never set them, and whether it did. */
export async function getCondiciones(db: Db, proveedorId: number): Promise<CondicionesDespacho & { guardadas: boolean }> {
  // One query after the other: PUT reads back in its transaction, one connection.
  const guardadas = (await findCondicionesDefinidas(db, [proveedorId])).has(proveedorId);
  return { guardadas, ...(await findCondicionesProveedores(db, [proveedorId])).get(proveedorId)! };
}

/**
 * Replaces the supplier's terms. Every comuna must exist; choosing all of
 * them is stored as 'todas las comunas' (docs/decisions/013). Nothing is written on a refusal.
 */
export async function saveCondiciones(db: Db, proveedorId: number, data: CondicionesData): Promise<CondicionesDespacho & { guardadas: boolean }> {
  const todas = await findTodasLasComunas(db);
  const existentes = new Set(todas);
  if (data.comunas.some((id) => !existentes.has(id))) throw new AppError(400, { comunas: [COMUNA_DESCONOCIDA] });
  const { comunas, ...terminos } = data;
  const todasLasComunas = new Set(comunas).size === todas.length;
  // Read back in the same transaction: a concurrent save of the same supplier cannot answer for this one.
  return db.transaction(async (tx) => {
    await upsertCondiciones(tx, proveedorId, { ...terminos, todas_las_comunas: todasLasComunas }, todasLasComunas ? [] : comunas);
    return getCondiciones(tx, proveedorId);
  });
}
