import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { cotizacion, lineaComparada } from '#server/db/schema/cotizaciones';

/** The suppliers a comparison weighed for one product, cheapest first: [proveedor_id, precio]. */
export async function proveedoresComparadosDe(db: Db, cotizacionId: number, productoId: number) {
  const [linea] = await db
    .select({ proveedores: lineaComparada.proveedores, precios: lineaComparada.precios })
    .from(lineaComparada)
    .where(and(eq(lineaComparada.cotizacion_id, cotizacionId), eq(lineaComparada.producto_id, productoId)));
  if (!linea) return [];
  return linea.proveedores.map((id, k) => [id, linea.precios[k]!] as const).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/** Moves a quotation and its compared lines `dias` days into the past. */
export async function envejecerCotizacion(db: Db, cotizacionId: number, dias: number) {
  const hace = sql`now() - make_interval(days => ${dias})`;
  await db.update(cotizacion).set({ creado_en: hace }).where(eq(cotizacion.id, cotizacionId));
  await db.update(lineaComparada).set({ creado_en: hace }).where(eq(lineaComparada.cotizacion_id, cotizacionId));
}
