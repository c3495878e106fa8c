import { ahoraEnChile } from '../../../common/schemas/cotizaciones';
import { COMUNA_DE_OTRA_REGION, SELECCIONE_COMUNA, SELECCIONE_REGION } from '../../../common/schemas/direcciones';
import { type OrdenData, SELECCIONE_METODO_PAGO, SELECCIONE_RUBRO } from '../../../common/schemas/ordenes';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { Llamante } from '../cotizaciones/clave';
import { findCotizante, findCotizanteTenencia } from '../cotizaciones/cotizaciones.repository';
import { hold } from '../cotizaciones/cotizaciones.service';
import { asignarFefo } from './fefo';
import { findCotizacionTenencia, findLineasSeleccionadas, findNombresFacturacion, findOrdenIdDeCotizacion, insertOrden, type LineaElegida, lockLotesUsables } from './ordenes.repository';

export const COTIZACION_NO_ENCONTRADA = 'Cotización no encontrada.';
export const ENTREGA_NO_ENCONTRADA = 'Datos de entrega no encontrados.';
export const SIN_SELECCION = 'La cotización no tiene productos seleccionados.';

const cantidadTexto = (v: number) => v.toLocaleString('es-CL', { maximumFractionDigits: 2 });
const unidadTexto = (unidad: string) => (unidad.toUpperCase() === 'CAJA' ? 'cajas' : 'kg');
/** How a buyer recognises a line in a message: the product and who sells it. */
const nombreLinea = (l: LineaElegida) => `"${l.producto_nombre}" de ${l.proveedor_nombre}`;

export const mensajesOrden = {
  sinStock: (l: LineaElegida, disponible: number) =>
    `No queda stock suficiente de ${nombreLinea(l)}: pediste ${cantidadTexto(l.cantidad)} ${unidadTexto(l.unidad)} y quedan ${cantidadTexto(disponible)}.`,
  noDisponible: (l: LineaElegida) => `${nombreLinea(l)} ya no está disponible.`,
};

/** The billing names an order copies, after checking every id the buyer sent exists (SPEC §5 Billing). */
async function resolveFacturacion(db: Db, data: OrdenData) {
  const nombres = await findNombresFacturacion(db, data);
  const errores: Record<string, string[]> = {};
  if (data.region !== undefined && nombres.region === undefined) errores.region = [SELECCIONE_REGION];
  if (data.comuna !== undefined) {
    if (nombres.comuna === undefined) errores.comuna = [SELECCIONE_COMUNA];
    else if (nombres.comuna.region_id !== data.region) errores.comuna = [COMUNA_DE_OTRA_REGION];
  }
  if (data.rubro !== undefined && nombres.rubro === undefined) errores.rubro = [SELECCIONE_RUBRO];
  if (data.metodo_pago !== undefined && nombres.metodo_pago === undefined) errores.metodo_pago = [SELECCIONE_METODO_PAGO];
  if (Object.keys(errores).length > 0) throw new AppError(400, errores);
  return {
    rut_facturacion: data.rut_facturacion ?? '',
    razon_social: data.razon_social ?? '',
    giro_comercial: data.giro_comercial ?? '',
    direccion_facturacion: data.direccion_facturacion ?? '',
    telefono_facturacion: data.telefono_facturacion ?? '',
    email_facturacion: data.email_facturacion ?? '',
    region_id: data.region ?? null,
    region_nombre_facturacion: nombres.region ?? '',
    comuna_id: data.comuna ?? null,
    comuna_nombre_facturacion: nombres.comuna?.nombre ?? '',
    rubro_id: data.rubro ?? null,
    rubro_nombre: nombres.rubro ?? '',
    metodo_pago_id: data.metodo_pago ?? null,
    metodo_pago_nombre: nombres.metodo_pago ?? '',
  };
}

/**
 * The delivery record an order copies: the one named in the body (held by the caller, of the same
 * request), else the quotation's own. None at all is allowed: the order then has no delivery data.
 */
async function resolveEntrega(db: Db, llamante: Llamante, cotizacion: { solicitud_id: number; cotizante_id: number | null }, cotizanteId: number | undefined) {
  if (cotizanteId !== undefined) {
    const tenencia = await findCotizanteTenencia(db, cotizanteId);
    await hold(db, tenencia, llamante, ENTREGA_NO_ENCONTRADA);
  }
  const id = cotizanteId ?? cotizacion.cotizante_id;
  const entrega = id === null ? undefined : await findCotizante(db, id);
  if (cotizanteId !== undefined && entrega?.solicitud_id !== cotizacion.solicitud_id) throw notFound(ENTREGA_NO_ENCONTRADA);
  return entrega;
}

/**
 * Places the order of a quotation the caller holds (SPEC §3 Order creation payload), in ONE
 * transaction (docs/decisions/007): lock the quotation (a second submit waits, then finds the
 * order and gets its id: `creada` false), lock the usable lots of the chosen offers, take each
 * line's quantity first-expired-first-out, then write the order with copies of what it was placed
 * with. Stock gone → 409 naming the product, and the rollback leaves nothing written.
 */
export async function placeOrden(db: Db, llamante: Llamante, data: OrdenData, ahora: Date): Promise<{ orden_id: number; creada: boolean }> {
  const facturacion = await resolveFacturacion(db, data);
  return db.transaction(async (tx) => {
    const cotizacion = await findCotizacionTenencia(tx, data.cotizacion_id, { lock: true });
    await hold(tx, cotizacion, llamante, COTIZACION_NO_ENCONTRADA);
    const existente = await findOrdenIdDeCotizacion(tx, data.cotizacion_id);
    if (existente !== undefined) return { orden_id: existente, creada: false };

    const entrega = await resolveEntrega(tx, llamante, cotizacion!, data.cotizante_id);
    const lineas = await findLineasSeleccionadas(tx, data.cotizacion_id);
    if (lineas.length === 0) throw new AppError(400, { detail: SIN_SELECCION });
    const retiradas = lineas.filter((l) => !l.vendible);
    if (retiradas.length > 0) throw new AppError(409, { detail: retiradas.map(mensajesOrden.noDisponible).join(' ') });

    // A lot that expires on or before the delivery day cannot be delivered (DESIGN §3); no date is today.
    const fecha = entrega?.fecha_entrega ?? ahoraEnChile(ahora).hoy;
    const lotes = await lockLotesUsables(tx, [...new Set(lineas.map((l) => l.proveedor_producto_id))], fecha);
    const { tomas, faltantes } = asignarFefo(lineas, lotes);
    if (faltantes.length > 0) throw new AppError(409, { detail: faltantes.map((f) => mensajesOrden.sinStock(lineas[f.indice]!, f.disponible)).join(' ') });

    const filas = lineas.map((l, i) => {
      const { vendible: _, ...copia } = l;
      return { linea: { ...copia, subtotal: Math.round(l.precio * l.cantidad) }, tomas: tomas[i]! };
    });
    const ordenId = await insertOrden(
      tx,
      {
        cotizacion_id: data.cotizacion_id,
        cotizante_id: entrega?.cotizante_id ?? null,
        usuario_id: llamante.usuarioId ?? null,
        nombre_contacto: entrega?.nombre_contacto ?? '',
        correo_contacto: entrega?.correo_contacto ?? '',
        telefono_contacto: entrega?.telefono_contacto ?? '',
        direccion_envio: entrega?.direccion_envio ?? '',
        region_nombre: entrega?.region_nombre ?? '',
        comuna_nombre: entrega?.comuna_nombre ?? '',
        fecha_entrega: entrega?.fecha_entrega ?? null,
        ...facturacion,
        total: filas.reduce((s, f) => s + f.linea.subtotal, 0),
      },
      filas,
    );
    return { orden_id: ordenId, creada: true };
  });
}
