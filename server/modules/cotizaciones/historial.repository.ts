import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { HistorialPage, LineaHistorial } from '#common/schemas/historial';
import { PEDIDOS_POR_PAGINA } from '#common/schemas/pedidos';
import type { Db } from '#server/db/client';
import { producto } from '#server/db/schema/catalogo';
import { cotizacion, solicitudDetalle } from '#server/db/schema/cotizaciones';
import { orden } from '#server/db/schema/ordenes';
import { productoVisible } from '#server/db/visible';
import { joinNombresDeProducto, nombresDeProducto } from '#server/modules/catalogo/catalogo.repository';

/** The account's quotations it has not deleted from its history. */
const delUsuario = (usuarioId: number) => and(eq(cotizacion.usuario_id, usuarioId), isNull(cotizacion.oculta_en));

/**
 * One page of the account's history, newest first (cotizacion_usuario_idx), each quotation with its
 * request's lines in the order they were sent and the order bought from it. The lines are the
 * request's: a comparison keeps only the offers it chose (docs/decisions/022).
 */
export async function findHistorial(db: Db, usuarioId: number, page: number): Promise<HistorialPage> {
  const [cuenta] = await db.select({ n: count() }).from(cotizacion).where(delUsuario(usuarioId));
  const cotizaciones = await db
    .select({ cotizacion_id: cotizacion.id, fecha: cotizacion.creado_en, solicitud_id: cotizacion.solicitud_id, orden_id: orden.id })
    .from(cotizacion)
    .leftJoin(orden, eq(orden.cotizacion_id, cotizacion.id))
    .where(delUsuario(usuarioId))
    .orderBy(desc(cotizacion.id))
    .limit(PEDIDOS_POR_PAGINA)
    .offset((page - 1) * PEDIDOS_POR_PAGINA);
  const solicitudes = [...new Set(cotizaciones.map((c) => c.solicitud_id))];
  const lineas =
    solicitudes.length === 0
      ? []
      : await joinNombresDeProducto(
          db
            .select({
              solicitud_id: solicitudDetalle.solicitud_id,
              producto: producto.id,
              producto_nombre: producto.nombre,
              ...nombresDeProducto,
              cantidad: solicitudDetalle.cantidad,
              // What /cotizar can still quote: approved and not archived.
              disponible: sql<boolean>`${productoVisible}`,
            })
            .from(solicitudDetalle)
            .innerJoin(producto, eq(solicitudDetalle.producto_id, producto.id))
            .$dynamic(),
        )
          .where(inArray(solicitudDetalle.solicitud_id, solicitudes))
          .orderBy(asc(solicitudDetalle.id));
  const lineasDe = new Map<number, LineaHistorial[]>();
  for (const { solicitud_id, ...l } of lineas) lineasDe.set(solicitud_id, [...(lineasDe.get(solicitud_id) ?? []), l]);
  return {
    count: cuenta?.n ?? 0,
    results: cotizaciones.map((c) => ({
      cotizacion_id: c.cotizacion_id,
      fecha: c.fecha.toISOString(),
      productos: lineasDe.get(c.solicitud_id) ?? [],
      orden_id: c.orden_id,
    })),
  };
}

/** Hides one of the account's quotations from its history; whether there was one to hide. */
export async function hideCotizacion(db: Db, usuarioId: number, cotizacionId: number, ahora: Date): Promise<boolean> {
  const filas = await db
    .update(cotizacion)
    .set({ oculta_en: ahora })
    .where(and(eq(cotizacion.id, cotizacionId), delUsuario(usuarioId)))
    .returning({ id: cotizacion.id });
  return filas.length > 0;
}
