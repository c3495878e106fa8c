import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { proveedorProducto } from '#server/db/schema/proveedor';

/**
 * Archives one of the supplier's offers instead of deleting it (DESIGN §2): it leaves the
 * supplier's list and new comparisons, while the quotation options, order lines and stock lots
 * that refer to it stay. Idempotent (the first archive date is kept); false when the offer is
 * not this supplier's, so another supplier's id answers like a missing one.
 */
export async function archiveProveedorProducto(db: Db, proveedorId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(proveedorProducto)
    .set({ archivado_en: sql`coalesce(${proveedorProducto.archivado_en}, now())` })
    .where(and(eq(proveedorProducto.id, id), eq(proveedorProducto.proveedor_id, proveedorId)))
    .returning({ id: proveedorProducto.id });
  return rows.length > 0;
}
