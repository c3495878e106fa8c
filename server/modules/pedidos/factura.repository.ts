import { eq, sql } from 'drizzle-orm';
import type { EstadoPedido, TipoEvento } from '#common/schemas/pedidos';
import type { Db } from '#server/db/client';
import { orden, pedido } from '#server/db/schema/ordenes';
import { insertEvento } from './pedidos.repository';

/** A pedido's invoice and payment as they stand, with who may write them and since when (the day it was placed). */
export interface FacturaActual {
  estado: EstadoPedido;
  proveedor_id: number | null;
  comprador_id: number | null;
  creado_en: Date;
  factura_numero: string | null;
  factura_fecha: string | null;
  pagado_el: string | null;
}

/** Reads and locks the pedido's row until the transaction ends: two writes on one pedido run one after the other. */
export async function lockFactura(db: Db, id: number): Promise<FacturaActual | undefined> {
  const [fila] = await db
    .select({
      estado: pedido.estado,
      proveedor_id: pedido.proveedor_id,
      comprador_id: orden.usuario_id,
      creado_en: pedido.creado_en,
      factura_numero: pedido.factura_numero,
      factura_fecha: pedido.factura_fecha,
      pagado_el: pedido.pagado_el,
    })
    .from(pedido)
    .innerJoin(orden, eq(orden.id, pedido.orden_id))
    .where(eq(pedido.id, id))
    .for('update', { of: pedido });
  return fila;
}

export type Factura = Pick<FacturaActual, 'factura_numero' | 'factura_fecha' | 'pagado_el'>;

/** Writes the invoice and payment and the events that say what changed. Run it in the transaction that locked the pedido. */
export async function updateFactura(
  db: Db,
  id: number,
  factura: Factura,
  eventos: ReadonlyArray<{ tipo: Extract<TipoEvento, 'factura' | 'pago'>; estado: EstadoPedido; motivo: string }>,
  usuarioId: number,
): Promise<void> {
  await db
    .update(pedido)
    .set({ ...factura, actualizado_en: sql`now()` })
    .where(eq(pedido.id, id));
  for (const e of eventos) await insertEvento(db, { ...e, pedidoId: id, usuarioId });
}
