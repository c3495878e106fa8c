// Formatting shared by every screen, e-mail and file: es-CL money, quantities and dates (docs/producto.md §2).
// Dates: screens and e-mails write one format, the long one ('3 de enero de 2027'), the birth date
// included; only an Excel date cell, which the supplier edits, is dd-mm-yyyy (docs/decisions/017).

const partesIso = (iso: string) => iso.slice(0, 10).split('-') as [string, string, string];

/** The format of an Excel date cell (the templates' expiry dates): day-month-year, as Chile reads it. */
export const FORMATO_FECHA_EXCEL = 'dd-mm-yyyy';

const LARGA = { year: 'numeric', month: 'long', day: 'numeric' } as const;

/** An instant in the long format, the day it was in Chile ('22 de noviembre de 2026'). */
export const formatFechaLarga = (date: Date | string) => new Date(date).toLocaleDateString('es-CL', { ...LARGA, timeZone: 'America/Santiago' });

// One formatter for every call: building an Intl.NumberFormat costs far more than formatting with it.
const clp = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 });
export const formatClp = (pesos: number) => clp.format(pesos);

/** A pedido's delivery fee as e-mails and screens write it: '$8.990', or 'sin costo'. */
export const formatDespacho = (costo: number) => (costo > 0 ? formatClp(costo) : 'sin costo');

/** A calendar day 'YYYY-MM-DD' in the es-CL long format ('30 de noviembre de 2026'), whatever the time zone. */
export function formatDiaLargo(iso: string): string {
  const [y, m, d] = partesIso(iso).map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('es-CL', { ...LARGA, timeZone: 'UTC' });
}

/** A day of the next two weeks by its weekday and number ('martes 2'), as the delivery days list it (docs/decisions/027). */
export function formatDiaSemana(iso: string): string {
  const [y, m, d] = partesIso(iso).map(Number);
  return `${new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('es-CL', { weekday: 'long', timeZone: 'UTC' })} ${d}`;
}

/**
 * A day in the long format, without its year when it is `hoy`'s ('12 de noviembre'; '28 de diciembre
 * de 2025' in 2026): a date a buyer reads as recent, such as the price paid last time (docs/producto.md §16).
 */
export function formatDiaCercano(iso: string, hoy: string): string {
  if (iso.slice(0, 4) !== hoy.slice(0, 4)) return formatDiaLargo(iso);
  const [y, m, d] = partesIso(iso).map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('es-CL', { month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** An instant as it was in Chile, day and hour ('30 de noviembre de 2026, 14:05'): on the server too, which runs in UTC. */
export const formatFechaHora = (date: Date | string) =>
  // h23: Chile reads 14:05, not 02:05 p. m. (some ICU builds default es-CL to 12 hours).
  new Date(date).toLocaleString('es-CL', { ...LARGA, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'America/Santiago' });

/**
 * Quantities are kg or boxes with at most two decimals ('1250,5', '12.500'). Four-digit numbers are
 * not grouped (the RAE's rule, and the product's 'Desde 1000 kg' and 'max 9999'); money keeps '$4.990'.
 */
const cantidades = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 2, useGrouping: 'min2' });
// One formatter, not toLocaleString: a comparison writes a nudge per offer, and each call built one.
export const cantidadEs = (v: number) => cantidades.format(v);

/** Whether a product's unit (the catalogue's unidad.descripcion, docs/producto.md §9: CAJA or KILO) counts boxes. */
export const esCaja = (unidad: string | null | undefined) => unidad?.trim().toUpperCase() === 'CAJA';

/** The unit after a quantity: 'kg', '1 caja', '2 cajas' (products are sold by KILO or CAJA). */
export const unidadCorta = (unidad: string, cantidad: number) => (esCaja(unidad) ? (cantidad === 1 ? 'caja' : 'cajas') : 'kg');

/**
 * A quantity with its product's unit ('280 kg', '3 cajas', '1 caja'): the one way every server
 * message, screen, e-mail and Excel file writes an amount of product (docs/decisions/006, cantidades y unidades).
 */
export const formatCantidad = (cantidad: number, unidad: string) => `${cantidadEs(cantidad)} ${unidadCorta(unidad, cantidad)}`;

/** 'Av. Providencia 1234, Providencia, Región Metropolitana de Santiago': the parts of an address that were given. */
export const formatDireccion = (...partes: string[]) =>
  partes
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');

export const SIN_FECHA_ENTREGA = 'Sin fecha indicada';

/** A delivery day as screens and e-mails write it, or that none was chosen. */
export const formatFechaEntrega = (fecha: string | null) => (fecha ? formatDiaLargo(fecha) : SIN_FECHA_ENTREGA);

/** A product as an order line names it (e-mails, the receipt form): with its brand, when it has one. */
export const nombreProducto = (l: { producto_nombre: string; marca: string }) => (l.marca ? `${l.producto_nombre} (${l.marca})` : l.producto_nombre);
