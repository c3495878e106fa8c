import { and, eq, max } from 'drizzle-orm';
import type { ProblemaRecepcion, RespuestaReclamoData } from '#common/schemas/pedidos';
import type { Db } from '#server/db/client';
import { ordenLinea, pedido, pedidoEvento } from '#server/db/schema/ordenes';

/** When the pedido was delivered (its latest move to 'entregado'); null when it never was. */
export async function findEntregadoEn(db: Db, pedidoId: number): Promise<Date | null> {
  const [fila] = await db
    .select({ en: max(pedidoEvento.creado_en) })
    .from(pedidoEvento)
    .where(and(eq(pedidoEvento.pedido_id, pedidoId), eq(pedidoEvento.estado, 'entregado'), eq(pedidoEvento.tipo, 'estado')));
  return fila?.en ?? null;
}

/** A pedido's receipt and claim as they stand; read in the transaction that locked the pedido. */
export async function findRecepcionDePedido(db: Db, pedidoId: number) {
  const [fila] = await db
    .select({ proveedor: pedido.proveedor_nombre, recibido_en: pedido.recibido_en, reclamo_estado: pedido.reclamo_estado, reclamo_monto: pedido.reclamo_monto })
    .from(pedido)
    .where(eq(pedido.id, pedidoId));
  return fila!;
}

export interface LineaRecibida {
  id: number;
  cantidad_recibida: number;
  problema: ProblemaRecepcion | null;
  comentario: string | null;
}

/**
 * Writes a receipt: every line of the pedido (those the buyer did not name, received whole), the
 * pedido's receipt time and its claim when one opens (reclamo_monto net, docs/decisions/026), and,
 * for a pedido still 'despachado', its move to 'entregado'. Run it in the transaction that locked the pedido.
 */
export async function saveRecepcion(
  db: Db,
  pedidoId: number,
  recepcion: { lineas: LineaRecibida[]; reclamoMonto: number | null; entregar: boolean; en: Date },
): Promise<void> {
  for (const l of recepcion.lineas) {
    await db
      .update(ordenLinea)
      .set({ cantidad_recibida: l.cantidad_recibida, problema: l.problema, comentario: l.comentario })
      .where(and(eq(ordenLinea.id, l.id), eq(ordenLinea.pedido_id, pedidoId)));
  }
  await db
    .update(pedido)
    .set({
      recibido_en: recepcion.en,
      reclamo_estado: recepcion.reclamoMonto === null ? null : 'abierto',
      reclamo_monto: recepcion.reclamoMonto,
      ...(recepcion.entregar ? { estado: 'entregado' as const } : {}),
      actualizado_en: recepcion.en,
    })
    .where(eq(pedido.id, pedidoId));
}

/** Closes an open claim: accepted with its net credit, or rejected with the reason. */
export async function saveRespuestaReclamo(db: Db, pedidoId: number, respuesta: RespuestaReclamoData, en: Date): Promise<void> {
  await db
    .update(pedido)
    .set(
      respuesta.accion === 'aceptar'
        ? { reclamo_estado: 'aceptado', monto_credito: respuesta.monto_credito, reclamo_resuelto_en: en, actualizado_en: en }
        : { reclamo_estado: 'rechazado', reclamo_motivo: respuesta.motivo, reclamo_resuelto_en: en, actualizado_en: en },
    )
    .where(eq(pedido.id, pedidoId));
}
