// @ts-check
// Reads the first sheet of an .xls (BIFF in a Compound File, the format before 2007) with
// SheetJS, the one reader of it we have; .xlsx goes through xlsx.mjs. An .xls has no zip
// to lie about sizes, and this worker's heap limit bounds what it may take.
import * as XLSX from '@e965/xlsx';

/**
 * SheetJS's number-format helpers (its SSF), which its types leave as `any`: the two we call.
 * @type {{ is_date: (formato: string | number) => boolean, parse_date_code: (serial: number, opciones: { date1904: boolean }) => { y: number, m: number, d: number } | null }}
 */
const SSF = XLSX.SSF;

/**
 * A cell as the worker hands it over; a date serial counts from 1904 if the workbook says so
 * (SheetJS reads the flag, but its parse_date_code does not look at it by itself).
 * @param {import('@e965/xlsx').CellObject | undefined} c @param {boolean} fecha1904
 * @returns {import('./parser').CeldaCruda}
 */
function celda(c, fecha1904) {
  if (!c || c.v === undefined || c.v === null || c.t === 'e' || c.t === 'z') return null;
  if (c.t === 'n' && typeof c.v === 'number' && c.z !== undefined && SSF.is_date(c.z)) {
    const d = SSF.parse_date_code(c.v, { date1904: fecha1904 });
    if (d) return `${String(d.y).padStart(4, '0')}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;
  }
  if (c.t === 'd' && c.v instanceof Date) return c.v.toISOString().slice(0, 10);
  if (typeof c.v === 'number' || typeof c.v === 'string' || typeof c.v === 'boolean') return c.v;
  return null;
}

/**
 * The first sheet's rows, at most `maxFilas` of them (formulas as their stored value; dates as
 * 'YYYY-MM-DD' from the cell's date serial, from 1900 or 1904 as the workbook says).
 * @param {Uint8Array} datos @param {number} maxFilas
 */
export function readXls(datos, maxFilas) {
  const wb = XLSX.read(datos, {
    type: 'array',
    dense: true,
    sheets: 0,
    sheetRows: maxFilas,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    cellNF: true,
    cellDates: false,
    // No formatted text per cell (we read values; dates by their format, cellNF): ~40% faster.
    cellText: false,
  });
  const nombre = wb.SheetNames[0];
  const hoja = nombre === undefined ? undefined : wb.Sheets[nombre];
  const fecha1904 = wb.Workbook?.WBProps?.date1904 === true;
  // Array.from, not map: a row without cells is a hole in SheetJS's dense sheet, and map keeps
  // holes, which cross to the request thread as null rows instead of empty ones.
  return Array.from(hoja?.['!data'] ?? [], (fila) => (fila ? Array.from(fila, (c) => celda(c, fecha1904)) : []));
}
