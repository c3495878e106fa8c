// Parses one uploaded workbook off the request thread (carga-parser.ts starts it with memory
// limits and a timer). Plain JavaScript so that it runs as it is, from the sources (tests, dev)
// and beside the bundled server (scripts/build-server.mjs copies it), with no loader.
//
// Only the first sheet, at most `maxFilas` rows; formulas are never evaluated nor kept: a formula
// cell reads as the value the file stored for it (or empty), so '=HYPERLINK(…)' or '=cmd|…' is
// plain text to us. Dates come out as 'YYYY-MM-DD' from the cell's date serial, with no time zone.
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';

/** @type {{ datos: Uint8Array, entradas: Array<{ metodo: number, inicio: number, comprimido: number }>, maxFilas: number, maxDescomprimido: number }} */
const { datos, entradas, maxFilas, maxDescomprimido } = workerData;

/**
 * A zip may lie about its sizes in its directory (carga-archivo.ts read them): inflate each entry
 * with a cap on its output before the parser does (which trusts them, and whose buffers are not
 * under this worker's heap limit). True when the whole inflates to more than allowed.
 */
function excedeAlInflar() {
  let total = 0;
  for (const e of entradas) {
    const comprimido = datos.subarray(e.inicio, e.inicio + e.comprimido);
    if (e.metodo !== 8) total += comprimido.length;
    else {
      try {
        total += zlib.inflateRawSync(comprimido, { maxOutputLength: Math.max(1, maxDescomprimido - total + 1) }).length;
      } catch (error) {
        if (/** @type {{ code?: string }} */ (error).code === 'ERR_BUFFER_TOO_LARGE') return true;
        // A broken stream is the parser's to refuse, as unreadable.
      }
    }
    if (total > maxDescomprimido) return true;
  }
  return false;
}

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

/** The first sheet's rows, or why there are none. */
function leer() {
  if (excedeAlInflar()) return { excesivo: true };
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
    // No formatted text per cell (we read values; dates by their format, cellNF): ~40% faster.
    cellText: false,
  });
  const nombre = wb.SheetNames[0];
  const hoja = nombre === undefined ? undefined : wb.Sheets[nombre];
  const filas = [];
  for (const fila of hoja?.['!data'] ?? []) filas.push(fila ? Array.from(fila, celda) : []);
  // As one JSON string: posting 50.000 arrays costs a structured clone of ~750.000 values on both
  // threads (~1,7 s measured), a string is copied once and JSON.parse takes ~0,2 s.
  return { filas: JSON.stringify(filas) };
}

try {
  parentPort?.postMessage(leer());
} catch {
  // Any parser failure is "not a readable workbook"; its details say nothing to the supplier.
  parentPort?.postMessage({ ilegible: true });
}
