import { type Moderacion, type ModerarProductoData, PRODUCTO_NO_ENCONTRADO, YA_MODERADO } from '#common/schemas/moderacion';
import type { Db } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import { lockModeracion, updateModeracion } from './moderacion.repository';

/**
 * One moderator's decision on one product (docs/producto.md §4 Moderation; docs/decisions/009). Approving
 * makes the product and every offer of it visible to buyers (consolidated-data and comparisons
 * read only 'aprobado'); rejecting keeps them hidden and keeps the reason for the supplier's list.
 * The decision the product already has (same state, same reason) writes nothing and answers the
 * same: sending twice is harmless. Only a pending product can be decided (a 'rechazar'
 * sent for an approved product pulled it, and its offers, from every buyer): another decision on
 * one already decided is 409.
 */
export async function moderarProducto(db: Db, moderadorId: number, data: ModerarProductoData): Promise<Moderacion> {
  return db.transaction(async (tx) => {
    const actual = await lockModeracion(tx, data.producto_id);
    if (!actual) throw notFound(PRODUCTO_NO_ENCONTRADO);
    const estado_moderacion = data.accion === 'aprobar' ? 'aprobado' : 'rechazado';
    // A reason belongs to a rejection only: approving clears an earlier one.
    const motivo_rechazo = data.accion === 'rechazar' ? (data.motivo ?? null) : null;
    if (actual.estado_moderacion === estado_moderacion && actual.motivo_rechazo === motivo_rechazo) return actual;
    if (actual.estado_moderacion !== 'pendiente') throw new AppError(409, { detail: YA_MODERADO[actual.estado_moderacion] });
    return updateModeracion(tx, data.producto_id, { estado_moderacion, motivo_rechazo, moderado_por: moderadorId });
  });
}
