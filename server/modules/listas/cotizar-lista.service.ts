import type { CompararPrecios } from '#common/schemas/comparacion';
import { type CotizanteData, cotizanteSchema, errorFechaEntrega } from '#common/schemas/cotizaciones';
import {
  COTIZACION_DE_LISTA_NO_ENCONTRADA,
  DIRECCION_PRINCIPAL_INVALIDA,
  LISTA_NO_ENCONTRADA,
  LISTA_SIN_PRODUCTOS_A_LA_VENTA,
  SIN_DIRECCION_PRINCIPAL,
} from '#common/schemas/listas';
import { ahoraEnChile, sumarDias } from '#common/fecha';
import type { Db } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import type { Caller } from '#server/http/caller';
import type { ComparacionCache } from '#server/modules/comparacion/cache/comparacion-cache';
import type { CanastaThread } from '#server/modules/comparacion/canasta/thread';
import { findOrdenIdDeCotizacion } from '#server/modules/comparacion/comparacion.repository';
import { compararPrecios } from '#server/modules/comparacion/comparacion.service';
import { findProductosSolicitables } from '#server/modules/cotizaciones/cotizaciones.repository';
import { cotizanteRespuesta, createCotizante, createSolicitud, solicitudRespuesta } from '#server/modules/cotizaciones/cotizaciones.service';
import { findDireccionActiva } from '#server/modules/direcciones/direcciones.repository';
import { findCotizacionDeLista, findListaDe } from './cotizar-lista.repository';

/** What a comparison needs: the database, the catalogue's cache and the solver's thread. */
export interface Comparador {
  db: Db;
  cache: ComparacionCache;
  solver: Pick<CanastaThread, 'solve'>;
}

/** Thrown to roll back the trial comparison that finds the delivery day, carrying its answer out. */
class Sondeo extends Error {
  constructor(readonly respuesta: Buffer) {
    super('sondeo');
  }
}

/** The first day the delivery form accepts: today before noon in Chile, else tomorrow (docs/producto.md §5). */
function primerDiaAceptado(ahora: Date): string {
  const { hoy } = ahoraEnChile(ahora);
  return errorFechaEntrega(hoy, ahora) === undefined ? hoy : sumarDias(hoy, 1);
}

/**
 * A list quoted in one call, for its owner (docs/producto.md §16, docs/decisions/021-recordatorios.md):
 * what a buyer does by hand, through the same services. crear-solicitud with the list's lines
 * still sold, crear-cotizante copied from the account's main address, comparar-precios with every
 * line of the list (those no longer sold come back in productos_no_identificados, as they would by
 * hand), and its answer, byte for byte. The day is `fecha_entrega`, else the first day every
 * supplier of the selection delivers: a trial comparison without a date (each supplier's first
 * day), rolled back, gives the selection's latest day, and the list is compared for it. All of
 * it is one transaction: a refusal leaves nothing behind.
 */
export async function cotizarLista(comparador: Comparador, usuarioId: number, listaId: number, data: { fecha_entrega?: string }, ahora: Date): Promise<Buffer> {
  const { db, cache } = comparador;
  const lista = await findListaDe(db, usuarioId, listaId);
  if (!lista) throw notFound(LISTA_NO_ENCONTRADA);
  const errorFecha = data.fecha_entrega === undefined ? undefined : errorFechaEntrega(data.fecha_entrega, ahora);
  if (errorFecha) throw new AppError(400, { fecha_entrega: [errorFecha] });
  const direccion = await findDireccionActiva(db, usuarioId);
  if (!direccion) throw new AppError(400, { detail: SIN_DIRECCION_PRINCIPAL });

  const ids = lista.productos.map((p) => p.producto);
  const aLaVenta = new Set((await findProductosSolicitables(db, ids)).filter((p) => p.disponible).map((p) => p.id));
  const cotizables = lista.productos.filter((p) => aLaVenta.has(p.producto));
  if (cotizables.length === 0) throw new AppError(400, { detail: LISTA_SIN_PRODUCTOS_A_LA_VENTA });
  // The delivery record crear-cotizante would take from a client copying the address (a copy, never a link: docs/decisions/004).
  const entrega = (fecha: string | undefined) =>
    cotizanteSchema.safeParse({
      fecha_entrega: fecha,
      nombre_contacto: direccion.nombre_contacto,
      correo_contacto: direccion.correo_contacto,
      telefono_contacto: direccion.telefono_contacto,
      direccion_envio: direccion.direccion_envio,
      region: direccion.region,
      comuna: direccion.comuna,
      solicitud_id: 1,
    });
  if (!entrega(undefined).success) throw new AppError(400, { detail: DIRECCION_PRINCIPAL_INVALIDA });

  const caller: Caller = { usuarioId };
  const cotizar = async (tx: Db, fecha: string | undefined) => {
    const solicitud = await createSolicitud(tx, caller, { productos: cotizables });
    const datos: CotizanteData = { ...entrega(fecha).data!, solicitud_id: solicitud.id };
    await createCotizante(tx, caller, datos, ahora);
    return compararPrecios({ ...comparador, db: tx }, caller, { solicitudId: solicitud.id, productos: lista.productos }, ahora);
  };
  // The comparison reads the catalogue from its cache, which on a miss queries outside the
  // transaction: the embedded engine, one connection, would wait for the transaction to end.
  // Warmed first, it answers from memory.
  await Promise.all([cache.find(ids), cache.findRangos()]);

  let fecha = data.fecha_entrega;
  if (fecha === undefined) {
    try {
      await db.transaction(async (tx) => {
        throw new Sondeo(await cotizar(tx, undefined));
      });
    } catch (error) {
      if (!(error instanceof Sondeo)) throw error;
      const prueba = JSON.parse(error.respuesta.toString('utf8')) as CompararPrecios;
      fecha = prueba.proveedores.reduce((ultima, p) => (p.fecha_entrega > ultima ? p.fecha_entrega : ultima), primerDiaAceptado(ahora));
    }
  }
  return db.transaction((tx) => cotizar(tx, fecha));
}

/**
 * What a reminder's link opens (docs/decisions/021-recordatorios.md): the answer it prepared as
 * JSON text, beside the request and delivery record the quotation flow keeps, and the order placed
 * on it. Another account's list, or a quotation of none of its reminders, is a 404.
 */
export async function findListaCotizada(db: Db, usuarioId: number, listaId: number, cotizacionId: number): Promise<Buffer> {
  const row = await findCotizacionDeLista(db, usuarioId, listaId, cotizacionId);
  if (!row || row.cotizante_id === null) throw notFound(COTIZACION_DE_LISTA_NO_ENCONTRADA);
  const caller: Caller = { usuarioId };
  const [solicitud, cotizante, ordenId] = await Promise.all([
    solicitudRespuesta(db, row.solicitud_id, caller),
    cotizanteRespuesta(db, row.cotizante_id, caller),
    findOrdenIdDeCotizacion(db, cotizacionId),
  ]);
  // The stored answer goes out as it was sent, not parsed and written again (~580 KB for 30 lines).
  const cabecera = JSON.stringify({ solicitud, cotizante, orden_id: ordenId ?? null });
  return Buffer.from(`${cabecera.slice(0, -1)},"cotizacion":${row.respuesta}}`, 'utf8');
}
