// Parses one uploaded workbook off the request thread (carga-parser.ts starts it with memory
// limits and a timer). Plain JavaScript so that it runs as it is, from the sources (tests, dev)
// and beside the bundled server (scripts/build-server.mjs copies it), with no loader.
//
// Only the first sheet, at most `maxFilas` rows; formulas are never evaluated nor kept: a formula
// cell reads as the value the file stored for it (or empty), so '=HYPERLINK(…)' or '=cmd|…' is
// plain text to us. Dates come out as 'YYYY-MM-DD' from the cell's date serial, with no time zone.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

/** @type {{ datos: Uint8Array, maxFilas: number }} */
const { datos, maxFilas } = workerData;

/** @param {import('@e965/xlsx').CellObject | undefined} c @returns {string | number | boolean | null} */
function celda(c) {
  if (!c || c.v === undefined || c.v === null || c.t === 'e' || c.t === 'z') return null;
  if (c.t === 'n' && typeof c.v === 'number' && c.z !== undefined && XLSX.SSF.is_date(c.z)) {
    const d = XLSX.SSF.parse_date_code(c.v);
    if (d) return `${String(d.y).padStart(4, '0')}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;
  }
  if (c.t === 'd' && c.v instanceof Date) return c.v.toISOString().slice(0, 10);
  if (typeof c.v === 'number' || typeof c.v === 'string' || typeof c.v === 'boolean') return c.v;
  return null;
}

try {
  const wb = XLSX.read(datos, {
    type: 'array',
    dense: true,
    sheets: 0,
    // One row more than allowed (plus the header) tells "too many" without reading the rest.
    sheetRows: maxFilas + 2,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    cellNF: true,
    cellDates: false,
  });
  const nombre = wb.SheetNames[0];
  const hoja = nombre === undefined ? undefined : wb.Sheets[nombre];
  const filas = [];
  for (const fila of hoja?.['!data'] ?? []) filas.push(fila ? Array.from(fila, celda) : []);
  parentPort?.postMessage({ filas });
} catch {
  // Any parser failure is "not a readable workbook"; its details say nothing to the supplier.
  parentPort?.postMessage({ ilegible: true });
}
