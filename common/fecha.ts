import { z } from './zod-es';

export const FECHA_INVALIDA = 'Ingresa una fecha válida';

/**
 * A real calendar day written YYYY-MM-DD. Date.parse('2000-02-30') rolls over to 1 March, so
 * the day is rebuilt from its parts and must come back unchanged.
 */
export function isFechaIso(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [anio, mes, dia] = value.split('-').map(Number) as [number, number, number];
  const d = diaUtc(value);
  return d.getUTCFullYear() === anio && d.getUTCMonth() === mes - 1 && d.getUTCDate() === dia;
}

/** Midnight UTC of the day 'YYYY-MM-DD' (a day out of range rolls over, as Date does). */
export function diaUtc(fecha: string): Date {
  const [anio, mes, dia] = fecha.split('-').map(Number) as [number, number, number];
  const d = new Date(0);
  d.setUTCFullYear(anio, mes - 1, dia); // unlike Date.UTC, years 0–99 stay themselves
  return d;
}

/** The calendar day `dias` after (or before, negative) 'YYYY-MM-DD'. */
export function sumarDias(fecha: string, dias: number): string {
  const d = diaUtc(fecha);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/**
 * A date as a person types it: 'YYYY-MM-DD', 'DD-MM-YYYY' or 'DD/MM/YYYY' (the Excel upload's text
 * cells and the lot form, one reading), as 'YYYY-MM-DD'; null when empty, 'invalido' when it is
 * not a real calendar day in one of those shapes.
 */
export function leerFechaTexto(texto: string): string | null | 'invalido' {
  const s = texto.trim();
  if (s === '') return null;
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(s);
  const cl = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s);
  const [a, m, d] = iso ? [iso[1], iso[2], iso[3]] : cl ? [cl[3], cl[2], cl[1]] : [];
  if (!a || !m || !d) return 'invalido';
  const fecha = `${a}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isFechaIso(fecha) ? fecha : 'invalido';
}

/** The one strict ISO date schema (fecha_nacimiento, fecha_entrega…); the message is the field's. */
export const fechaIsoSchema = (mensaje = FECHA_INVALIDA) => z.string().trim().refine(isFechaIso, mensaje);

// One clock of Chile for every rule that depends on the day or the hour there (delivery dates, cut-offs).
const relojChile = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Santiago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** What the clock of Chile reads at an instant. */
export interface HoraChile {
  /** The date there, 'YYYY-MM-DD'. */
  readonly hoy: string;
  /** The hour there, 0–23. */
  readonly hora: number;
  /** The minute of the day there, 0–1439 (cut-offs such as hora_corte are to the minute). */
  readonly minuto: number;
}

let ultimo: { ms: number; reloj: HoraChile } | undefined;

/**
 * Today's date, the hour and the minute of the day in Chile at `ahora`, whatever the machine's
 * time zone (its summer time included: Intl knows it). The instant is an argument so that a rule
 * and its tests decide when "now" is.
 */
export function ahoraEnChile(ahora: Date): HoraChile {
  // The last instant asked, remembered: a comparison asks for the same one per offer.
  if (ultimo?.ms === ahora.getTime()) return ultimo.reloj;
  const p = Object.fromEntries(relojChile.formatToParts(ahora).map((x) => [x.type, x.value]));
  const hora = Number(p.hour);
  const reloj = { hoy: `${p.year}-${p.month}-${p.day}`, hora, minuto: hora * 60 + Number(p.minute) };
  ultimo = { ms: ahora.getTime(), reloj };
  return reloj;
}

/** Today's date in Chile, 'YYYY-MM-DD' (at `ahora`; a screen's date picker asks for now). */
export const hoyEnChile = (ahora: Date = new Date()): string => ahoraEnChile(ahora).hoy;

/**
 * Date inputs read and write day-month-year in every browser, whatever its language (a native
 * date input follows the browser's, m/d/yyyy in an English one: docs/decisions/017). The form
 * keeps 'YYYY-MM-DD'; the person sees and types '02-12-2026'.
 */
export function diaMesAnio(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : iso;
}

/**
 * What was typed in a date input, as the form keeps it: '2-12-2026', '02/12/2026' or '02.12.2026'
 * (and an ISO '2026-12-02', as a paste may bring) become '2026-12-02'; blank is ''; anything else
 * stays as typed, for the field's schema to refuse with its message.
 */
export function leerDiaMesAnio(texto: string): string {
  const t = texto.trim();
  const dma = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(t);
  if (dma) return `${dma[3]}-${dma[2]!.padStart(2, '0')}-${dma[1]!.padStart(2, '0')}`;
  const amd = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (amd) return `${amd[1]}-${amd[2]!.padStart(2, '0')}-${amd[3]!.padStart(2, '0')}`;
  return t;
}
