import { z } from './zod-es';

/** PostgreSQL's integer: a larger id is a client error, not a database one. */
export const ENTERO_MAXIMO = 2_147_483_647;

/**
 * The most a unit price, a tier price or a delivery fee may be, in pesos ($10.000.000). Entered
 * amounts are bounded so that every total built from them stays a safe integer in JavaScript (600
 * lines × 9999 × this, plus a fee per supplier, is under 2^53); the order's own columns are guarded
 * where a choice is made (docs/decisions/013, montos que se suman).
 */
export const PESOS_MAXIMO = 10_000_000;

const sinValor = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/**
 * Text of plain decimal digits reads as the number it writes (paths and form inputs send text);
 * anything else stays as it came, so `true`, '+1', '0x10', '1e3' or '11.0' fail the number check
 * instead of naming record 1, 16, 1000 or 11 (z.coerce turned them into real ids).
 */
const digitos = (v: unknown) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v);

/** A record's id: a whole number from 1, as JSON gives it or written in plain digits. */
export const idSchema = (mensaje: string) => z.preprocess(digitos, z.number({ error: mensaje }).int(mensaje).positive(mensaje).max(ENTERO_MAXIMO, mensaje));

/** An id that may be left out: empty, blank or null is not given. */
export const idOpcionalSchema = (mensaje: string) => z.preprocess(sinValor, idSchema(mensaje).optional());

/** An id a form must choose (a select's empty option reads as not chosen, with the field's message). */
export const idRequeridoSchema = (mensaje: string) => z.preprocess(sinValor, idSchema(mensaje));

/** A number as JSON gives it or written plainly ('12', '-3', '1.5'); never a boolean, '0x10' or '1e3'. */
export const decimal = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);

/**
 * Money as a person in Chile types it ('4.990' was refused as having decimals): a point
 * between groups of three digits separates thousands ('4.990', '4.990.000', '$ 4.990'), a comma
 * starts decimals ('4.990,5'), and a point that is not followed by groups of three is a decimal
 * point too ('4.5', '4.99'). Answers the amount written, decimals included, so the caller's rule
 * can refuse them with its own message; NaN when the text is not an amount.
 */
export function leerPesos(texto: string): number {
  const s = texto.trim().replace(/^\$\s*/, '');
  if (/^-?[1-9]\d{0,2}(\.\d{3})+(,\d+)?$/.test(s)) return Number(s.replace(/\./g, '').replace(',', '.'));
  if (/^-?\d+([.,]\d+)?$/.test(s)) return Number(s.replace(',', '.'));
  return Number.NaN;
}

/**
 * A money value as JSON or a form gives it, as text for leerPesos: typed text as it is; a JSON
 * number with its decimal point written as a comma, so 1.999 stays one peso and decimals (and is
 * refused) instead of reading as $1.999.
 */
export const pesosComoTexto = (v: unknown) =>
  typeof v === 'number' ? (Number.isFinite(v) ? String(v).replace('.', ',') : 'NaN') : typeof v === 'string' ? v.trim() : v;

/**
 * A quantity of product (kg or boxes) in whole hundredths, as numeric(12,2) stores it: sums and
 * comparisons of quantities are exact on these (0,1 + 0,2 kg is 30 hundredths, where the binary
 * numbers give 0,30000000000000004), and a stock and what is taken from it compare without drift.
 */
export const centesimas = (cantidad: number): number => Math.round(cantidad * 100);

/** A quantity rounded to the hundredth, as numeric(12,2) keeps it (0,1 + 0,2 → 0,3). */
export const redondearCentesimas = (cantidad: number): number => centesimas(cantidad) / 100;

/** A number numeric(12,2) keeps as written: finite, with at most two decimals. */
export const isCentesimal = (v: number) => Number.isFinite(v) && Math.abs(centesimas(v) - v * 100) < 1e-6;

/**
 * A quantity of product (kg or boxes) as stored: numeric(12,2), so at least 0,01 and at most two
 * decimals. A value such as 5e-324 is above 0 but would be stored as 0.
 */
export const isCantidadCentesimal = (v: number) => isCentesimal(v) && centesimas(v) >= 1;
