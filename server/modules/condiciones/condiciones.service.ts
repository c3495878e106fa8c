import { CONDICIONES_POR_DEFECTO, type CondicionesDespacho } from '#common/despacho';
import { COMUNA_DESCONOCIDA, type CondicionesData } from '#common/schemas/condiciones';
import type { Db } from '#server/db/client';
import { AppError } from '#server/errors';
import { findCondicionesDefinidas, findTodasLasComunas, upsertCondiciones } from './condiciones.repository';

/**
 * The supplier's terms and whether it saved them; never saved, the defaults to start from
 * (CONDICIONES_POR_DEFECTO, every comuna), which rule nothing: it is not compared until it saves
 * them (docs/decisions/024, 'Visibilidad').
 */
export async function getCondiciones(db: Db, proveedorId: number): Promise<CondicionesDespacho & { guardadas: boolean }> {
  const guardadas = (await findCondicionesDefinidas(db, [proveedorId])).get(proveedorId);
  if (guardadas) return { guardadas: true, ...guardadas };
  return { guardadas: false, ...CONDICIONES_POR_DEFECTO, dias_despacho: [...CONDICIONES_POR_DEFECTO.dias_despacho], comunas: await findTodasLasComunas(db) };
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
