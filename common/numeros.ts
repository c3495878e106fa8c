import { z } from './zod-es';

/** PostgreSQL's integer: a larger id is a client error, not a database one. */
export const ENTERO_MAXIMO = 2_147_483_647;

const sinValor = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/**
 * Text of plain decimal digits reads as the number it writes (paths and form inputs send text);
 * anything else stays as it came, so `true`, '+1', '0x10', '1e3' or '11.0' fail the number check
 * instead of naming record 1, 16, 1000 or 11 (issue #20: z.coerce turned them into real ids).
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
