// Reads the first sheet of an .xls (BIFF in a Compound File, the format before 2007) with
// SheetJS, the one reader of it we have; .xlsx goes through xlsx.ts. An .xls has no zip
// to lie about sizes, and this worker's heap limit bounds what it may take.
import type { CellObject } from '@e965/xlsx';
import type { CeldaCruda } from './parser';

/** SheetJS's number-format helpers (its SSF), which its types leave as `any`: the two we call. */
interface Ssf {
  is_date(formato: string | number): boolean;
  parse_date_code(serial: number, opciones: { date1904: boolean }): { y: number; m: number; d: number } | null;
}

/**
 * A cell as the worker hands it over; a date serial counts from 1904 if the workbook says so
 * (SheetJS reads the flag, but its parse_date_code does not look at it by itself). SheetJS reads
 * the date here, not fecha-serial.ts: the corpus test holds our .xlsx reader against it.
 */
function celda(SSF: Ssf, c: CellObject | undefined, fecha1904: boolean): CeldaCruda {
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
 * 'YYYY-MM-DD' from the cell's date serial, from 1900 or 1904 as the workbook says). SheetJS is
 * loaded here, when an .xls comes, not with the worker: most uploads are .xlsx.
 */
export async function readXls(datos: Uint8Array, maxFilas: number): Promise<CeldaCruda[][]> {
  const XLSX = await import('@e965/xlsx');
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
  const SSF: Ssf = XLSX.SSF;
  // Array.from, not map: a row without cells is a hole in SheetJS's dense sheet, and map keeps
  // holes, which cross to the request thread as null rows instead of empty ones.
  return Array.from(hoja?.['!data'] ?? [], (fila) => (fila ? Array.from(fila, (c) => celda(SSF, c, fecha1904)) : []));
}
