/**
 * Excel's date serials, read once for every reader of an upload (docs/decisions/008): the .xlsx
 * reader (a date-formatted cell) and filas.ts (a bare number in the date column).
 */

/** 9999-12-31, the last day Excel shows (serial 2,958,465 from 1900). */
const ULTIMO_DIA = 2_958_465;
/** Days from Excel's 1900 day 0 to its 1904 day 0 (1904-01-01). */
const DESDE_1904 = 1462;

/**
 * The day a date-formatted cell with this serial shows, as 'YYYY-MM-DD' with no time zone, as
 * Excel shows it and SheetJS's parse_date_code reads it: counted from 1900 or, if the workbook
 * says so, from 1904; a time within a ten-thousandth of a second of midnight is the next day;
 * serial 0 is Excel's '1900-01-00' and 60 its '1900-02-29' (the 1900 leap-year bug: from 61 on,
 * serials count from 1899-12-30). Undefined for what Excel shows no date for: a negative serial
 * or one past 9999-12-31.
 */
export function fechaDeSerial(serial: number, fecha1904 = false): string | undefined {
  if (!Number.isFinite(serial) || serial < 0) return undefined;
  // Excel keeps 15 significant digits: what a stored value has past 16 is float noise.
  const n = Number(serial.toPrecision(16));
  let dia = Math.floor(n);
  const segundos = 86400 * (n - dia);
  if (Math.floor(segundos) === 86399 && segundos - 86399 > 0.9999) dia++;
  if (fecha1904) dia += DESDE_1904;
  if (dia > ULTIMO_DIA) return undefined;
  if (dia === 0) return '1900-01-00';
  if (dia === 60) return '1900-02-29';
  return new Date(Date.UTC(1899, 11, dia > 60 ? 30 : 31) + dia * 86_400_000).toISOString().slice(0, 10);
}
