import { z } from './zod-es';

export const FECHA_INVALIDA = 'Ingresa una fecha válida';

/**
 * A real calendar day written YYYY-MM-DD. Date.parse('2000-02-30') rolls over to 1 March, so
 * the day is rebuilt from its parts and must come back unchanged.
 */
export function isFechaIso(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [anio, mes, dia] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(0);
  d.setUTCFullYear(anio, mes - 1, dia); // unlike Date.UTC, years 0–99 stay themselves
  return d.getUTCFullYear() === anio && d.getUTCMonth() === mes - 1 && d.getUTCDate() === dia;
}

/** The one strict ISO date schema (fecha_nacimiento, fecha_entrega…); the message is the field's. */
export const fechaIsoSchema = (mensaje = FECHA_INVALIDA) => z.string().trim().refine(isFechaIso, mensaje);
