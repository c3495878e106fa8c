import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Moderacion, ProductoPendiente } from '#common/schemas/moderacion';
import type { EstadoModeracion } from '#common/schemas/proveedor-productos';
import type { Db } from '#server/db/client';
import { categoria, producto } from '#server/db/schema/catalogo';
import { usuario } from '#server/db/schema/usuario';

/** docs/producto.md §3 Pending product: products waiting for a moderator, with who proposed them (empty if that account is gone). */
export const findProductosPendientes = (db: Db): Promise<ProductoPendiente[]> =>
  db
    .select({
      id: producto.id,
      nombre: producto.nombre,
      categoria_nombre: categoria.nombre,
      proveedor_email: sql<string>`coalesce(${usuario.email}, '')`,
    })
    .from(producto)
    .innerJoin(categoria, eq(producto.categoria_id, categoria.id))
    .leftJoin(usuario, eq(producto.creado_por, usuario.id))
    .where(and(eq(producto.estado_moderacion, 'pendiente'), isNull(producto.archivado_en)))
    .orderBy(asc(producto.id));

const moderacion = {
  producto_id: producto.id,
  estado_moderacion: producto.estado_moderacion,
  motivo_rechazo: producto.motivo_rechazo,
  moderado_en: producto.moderado_en,
};
const aSalida = (r: { producto_id: number; estado_moderacion: EstadoModeracion; motivo_rechazo: string | null; moderado_en: Date | null }): Moderacion => ({
  ...r,
  moderado_en: r.moderado_en?.toISOString() ?? null,
});

/** A product's moderation state, its row locked until the transaction ends; undefined when missing or archived. */
export async function lockModeracion(db: Db, productoId: number): Promise<Moderacion | undefined> {
  const [row] = await db
    .select(moderacion)
    .from(producto)
    .where(and(eq(producto.id, productoId), isNull(producto.archivado_en)))
    .for('update');
  return row && aSalida(row);
}

/** Records a decision: who took it and when, and the reason of a rejection (null otherwise). */
export async function updateModeracion(
  db: Db,
  productoId: number,
  valores: { estado_moderacion: EstadoModeracion; motivo_rechazo: string | null; moderado_por: number },
): Promise<Moderacion> {
  const [row] = await db
    .update(producto)
    .set({ ...valores, moderado_en: sql`now()` })
    .where(eq(producto.id, productoId))
    .returning(moderacion);
  return aSalida(row!);
}
