import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { cotizacion } from '#server/db/schema/cotizaciones';
import { lista, listaProducto, recordatorioEnvio } from '#server/db/schema/listas';

/** A list of its owner, with its lines in the buyer's order; undefined for another account's or none. */
export async function findListaDe(db: Db, usuarioId: number, id: number) {
  const [cabecera] = await db
    .select({ id: lista.id, nombre: lista.nombre })
    .from(lista)
    .where(and(eq(lista.id, id), eq(lista.usuario_id, usuarioId)));
  if (!cabecera) return undefined;
  const productos = await db
    .select({ producto: listaProducto.producto_id, cantidad: listaProducto.cantidad })
    .from(listaProducto)
    .where(eq(listaProducto.lista_id, id))
    .orderBy(asc(listaProducto.posicion));
  return { ...cabecera, productos };
}

/**
 * The answer a list's reminder prepared and e-mailed (its link opens it), with the request and
 * delivery record it compared; only for the list's owner.
 */
export async function findCotizacionDeLista(db: Db, usuarioId: number, listaId: number, cotizacionId: number) {
  const [row] = await db
    .select({ respuesta: recordatorioEnvio.respuesta, solicitud_id: cotizacion.solicitud_id, cotizante_id: cotizacion.cotizante_id })
    .from(recordatorioEnvio)
    .innerJoin(lista, eq(lista.id, recordatorioEnvio.lista_id))
    .innerJoin(cotizacion, eq(cotizacion.id, recordatorioEnvio.cotizacion_id))
    .where(and(eq(recordatorioEnvio.lista_id, listaId), eq(recordatorioEnvio.cotizacion_id, cotizacionId), eq(lista.usuario_id, usuarioId)))
    .limit(1);
  return row?.respuesta ? { ...row, respuesta: row.respuesta } : undefined;
}
