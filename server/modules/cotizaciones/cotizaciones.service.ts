import {
  type Cotizante,
  type CotizanteData,
  errorFechaEntrega,
  erroresFila,
  mensajesFila,
  minimosPorCategoria,
  type Solicitud,
  type SolicitudData,
} from '#common/schemas/cotizaciones';
import { COMUNA_DE_OTRA_REGION, SELECCIONE_COMUNA, SELECCIONE_REGION } from '#common/schemas/direcciones';
import type { Db } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import { findRangosPrecios } from '#server/modules/catalogo/catalogo.repository';
import { findRegionDeComuna } from '#server/modules/direcciones/direcciones.repository';
import { existsRegion } from '#server/modules/ubicacion/ubicacion.repository';
import { createClave, hashClave } from '#server/http/clave';
import { type Caller, type Hold, holdOf } from '#server/http/caller';
import {
  type CotizanteValores,
  findCotizante,
  findCotizanteHold,
  findProductosSolicitables,
  findSolicitud,
  findSolicitudHold,
  insertCotizante,
  insertSolicitud,
  replaceDetalles,
  setUsuarioOfClave,
  updateCotizante as updateCotizanteRow,
} from './cotizaciones.repository';

export const SOLICITUD_NO_ENCONTRADA = 'Solicitud no encontrada.';
const COTIZANTE_NO_ENCONTRADO = 'Datos de entrega no encontrados.';

type Filas = SolicitudData['productos'];

/**
 * docs/producto.md §5 Quotation rules that need the catalogue: the product exists, can be quoted (approved,
 * not archived), appears once, and its quantity reaches its category's minimum. Every row's
 * problem is reported at once, each with its row number. A buyer's list uses the same rules
 * (docs/producto.md §16) and lets the products it already holds stay when they left the
 * catalogue (`conservados`): editing a quantity must not fail for a line the buyer did not touch.
 */
export async function assertFilas(db: Db, filas: Filas, { conservados }: { conservados?: ReadonlySet<number> } = {}): Promise<void> {
  const ids = [...new Set(filas.map((f) => f.producto))];
  const [productos, rangos] = await Promise.all([findProductosSolicitables(db, ids), findRangosPrecios(db)]);
  const porId = new Map(productos.map((p) => [p.id, p]));
  const minimos = minimosPorCategoria(rangos);
  const vistos = new Set<number>();
  const errorDe = (fila: Filas[number], n: number): string | undefined => {
    const p = porId.get(fila.producto);
    if (!p) return mensajesFila.productoInexistente(n, fila.producto);
    if (!p.disponible && !conservados?.has(p.id)) return mensajesFila.productoNoDisponible(n, p.nombre);
    if (vistos.has(p.id)) return mensajesFila.productoRepetido(n, p.nombre);
    vistos.add(p.id);
    return erroresFila(fila, n, { campos: ['cantidad'], minimo: minimos.get(p.categoria_id), unidad: p.unidad })[0]?.mensaje;
  };
  const errores = filas.flatMap((fila, i) => errorDe(fila, i + 1) ?? []);
  if (errores.length > 0) throw new AppError(400, { productos: errores });
}

/**
 * The caller's hold on a record, or 404. A logged-in caller who holds an anonymous record by its
 * clave takes it over, with the rest of that flow (docs/decisions/005): from then on the token,
 * not the clave, opens it.
 */
export async function requireHold(db: Db, registro: Hold | undefined, caller: Caller, mensaje: string): Promise<void> {
  if (!registro || !holdOf(registro, caller)) throw notFound(mensaje);
  if (holdTakesOver(registro, caller)) await setUsuarioOfClave(db, registro.clave_hash!, caller.usuarioId!);
}

/** Whether requireHold() writes: a logged-in caller opening an anonymous record by its clave. */
export const holdTakesOver = (registro: Hold, caller: Caller) => holdOf(registro, caller) === 'clave' && caller.usuarioId !== undefined;

/** The clave a response returns: the anonymous caller's (new or sent), none for a user's records. */
const claveDeRespuesta = (caller: Caller) => (caller.usuarioId === undefined ? caller.clave! : null);

/** A request as the endpoints answer it (a reminder's link answers it too). */
export async function solicitudRespuesta(db: Db, id: number, caller: Caller): Promise<Solicitud> {
  const s = await findSolicitud(db, id);
  if (!s) throw notFound(SOLICITUD_NO_ENCONTRADA);
  return { ...s, solicitud: { id: s.id, fecha_creacion: s.fecha_creacion }, clave: claveDeRespuesta(caller) };
}

/** A new request, the user's when logged in, else held by a new clave. */
export async function createSolicitud(db: Db, caller: Caller, data: SolicitudData): Promise<Solicitud> {
  await assertFilas(db, data.productos);
  // An anonymous creator's old clave (from an earlier request) has nothing to do with this one.
  const quien: Caller = caller.usuarioId === undefined ? { clave: createClave() } : { usuarioId: caller.usuarioId };
  const id = await db.transaction(async (tx) => {
    const nueva = await insertSolicitud(tx, { usuario_id: quien.usuarioId ?? null, clave_hash: quien.clave === undefined ? null : hashClave(quien.clave) });
    await replaceDetalles(tx, nueva, data.productos);
    return nueva;
  });
  return solicitudRespuesta(db, id, quien);
}

/** Replaces the rows of a request its caller holds, in one transaction. */
export async function updateSolicitud(db: Db, caller: Caller, id: number, data: SolicitudData): Promise<Solicitud> {
  await db.transaction(async (tx) => {
    await requireHold(tx, await findSolicitudHold(tx, id, { lock: true }), caller, SOLICITUD_NO_ENCONTRADA);
    await assertFilas(tx, data.productos);
    await replaceDetalles(tx, id, data.productos);
  });
  return solicitudRespuesta(db, id, caller);
}

/**
 * docs/producto.md §5 Delivery data rules that need the clock or the database: the date is not past (today
 * only before noon, in Chile), and the región and comuna exist and belong together.
 */
async function assertEntrega(db: Db, data: CotizanteData, ahora: Date): Promise<void> {
  const errores: Record<string, string[]> = {};
  const fecha = data.fecha_entrega === undefined ? undefined : errorFechaEntrega(data.fecha_entrega, ahora);
  if (fecha) errores.fecha_entrega = [fecha];
  if (data.region !== undefined && !(await existsRegion(db, data.region))) errores.region = [SELECCIONE_REGION];
  if (data.comuna !== undefined) {
    const regionDeComuna = await findRegionDeComuna(db, data.comuna);
    if (regionDeComuna === undefined) errores.comuna = [SELECCIONE_COMUNA];
    else if (regionDeComuna !== data.region) errores.comuna = [COMUNA_DE_OTRA_REGION];
  }
  if (Object.keys(errores).length > 0) throw new AppError(400, errores);
}

const valores = (d: CotizanteData): CotizanteValores => ({
  fecha_entrega: d.fecha_entrega ?? null,
  nombre_contacto: d.nombre_contacto,
  correo_contacto: d.correo_contacto,
  telefono_contacto: d.telefono_contacto,
  direccion_envio: d.direccion_envio,
  region_id: d.region ?? null,
  comuna_id: d.comuna ?? null,
  solicitud_id: d.solicitud_id,
});

/** A delivery record as the endpoints answer it. */
export async function cotizanteRespuesta(db: Db, id: number, caller: Caller): Promise<Cotizante> {
  const c = await findCotizante(db, id);
  if (!c) throw notFound(COTIZANTE_NO_ENCONTRADO);
  return { ...c, clave: claveDeRespuesta(caller) };
}

/**
 * A quotation's own delivery record (DESIGN §2: never a saved address; a client copies one by
 * sending its fields), for a request the caller holds. An anonymous record is held by the same
 * clave as its request, so one clave opens the whole flow.
 */
export async function createCotizante(db: Db, caller: Caller, data: CotizanteData, ahora: Date): Promise<Cotizante> {
  await assertEntrega(db, data, ahora);
  const id = await db.transaction(async (tx) => {
    await requireHold(tx, await findSolicitudHold(tx, data.solicitud_id), caller, SOLICITUD_NO_ENCONTRADA);
    const anonimo = caller.usuarioId === undefined;
    return insertCotizante(tx, { ...valores(data), usuario_id: caller.usuarioId ?? null, clave_hash: anonimo ? hashClave(caller.clave!) : null });
  });
  return cotizanteRespuesta(db, id, caller);
}

/** Overwrites a delivery record the caller holds; the request it names must be held too. */
export async function updateCotizante(db: Db, caller: Caller, id: number, data: CotizanteData, ahora: Date): Promise<Cotizante> {
  await assertEntrega(db, data, ahora);
  await db.transaction(async (tx) => {
    await requireHold(tx, await findCotizanteHold(tx, id, { lock: true }), caller, COTIZANTE_NO_ENCONTRADO);
    await requireHold(tx, await findSolicitudHold(tx, data.solicitud_id), caller, SOLICITUD_NO_ENCONTRADA);
    await updateCotizanteRow(tx, id, valores(data));
  });
  return cotizanteRespuesta(db, id, caller);
}
