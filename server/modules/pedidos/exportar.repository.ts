import { and, asc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { orden, pedido } from '#server/db/schema/ordenes';

/** The instants an export's range of Chile days spans: from the first one's midnight, up to the next day's after the last. */
export interface Intervalo {
  desde: Date;
  hasta: Date;
}

const colocadoEn = ({ desde, hasta }: Intervalo) => and(gte(pedido.creado_en, desde), lt(pedido.creado_en, hasta));

/**
 * The pedidos an export holds, in id order, with their order: only their ids and orders here, the
 * columns are read a page at a time by findPedidosCompletos and findOrdenesCabecera. A supplier's
 * are its own (the (proveedor_id, id) index); a buyer's, those of its own orders.
 */
export function findPedidosExportar(db: Db, de: { proveedorId: number } | { compradorId: number }, intervalo: Intervalo) {
  const dueno =
    'proveedorId' in de
      ? eq(pedido.proveedor_id, de.proveedorId)
      : inArray(pedido.orden_id, db.select({ id: orden.id }).from(orden).where(eq(orden.usuario_id, de.compradorId)));
  return db
    .select({ id: pedido.id, orden_id: pedido.orden_id })
    .from(pedido)
    .where(and(dueno, colocadoEn(intervalo)))
    .orderBy(asc(pedido.id));
}

export const pedidosPorIds = (ids: readonly number[]): SQL => inArray(pedido.id, [...ids]);
export const ordenesPorIds = (ids: readonly number[]): SQL => inArray(orden.id, [...ids]);
