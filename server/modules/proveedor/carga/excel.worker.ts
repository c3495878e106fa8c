// Parses one uploaded workbook off the request thread (parser.ts starts it with memory limits
// and a timer, through server/workers/start-worker.ts).
//
// Only the first sheet, and reading stops once there are more rows than allowed; formulas are
// never evaluated nor kept: a formula cell reads as the value the file stored for it (or empty),
// so '=HYPERLINK(…)' or '=cmd|…' is plain text to us. Dates come out as 'YYYY-MM-DD' from the
// cell's date serial, with no time zone.
import { parentPort, workerData } from 'node:worker_threads';
import type { AlLeerFilas } from './parser';
import { readXls } from './xls';
import { type EntradaLeida, Excesivo, readXlsx } from './xlsx';

/** What parser.ts starts the worker with. */
export interface DatosExcelWorker {
  datos: Uint8Array;
  entradas: EntradaLeida[];
  maxFilas: number;
  maxDescomprimido: number;
}
const { datos, entradas, maxFilas, maxDescomprimido } = workerData as DatosExcelWorker;

/**
 * The first sheet's rows, posted in parts as they are read, then { fin }. Each part is one JSON
 * string: posting arrays costs a structured clone of every value on both threads (~1.7 s for
 * 50,000 rows measured), a string is copied once and JSON.parse is fast.
 */
async function leer() {
  const enviar: AlLeerFilas = (filas, desde) => parentPort?.postMessage({ filas: JSON.stringify(filas), desde });
  // One row more than allowed (plus the header) tells "too many" without reading the rest.
  const hasta = maxFilas + 2;
  // archivo.ts lists a zip's entries; an .xls (no zip) has none.
  if (entradas.length > 0) await readXlsx(datos, entradas, { maxFilas: hasta, maxDescomprimido, alLeer: enviar });
  else enviar(await readXls(datos, hasta), 0);
  parentPort?.postMessage({ fin: true });
}

try {
  await leer();
} catch (error) {
  // Any other failure is "not a readable workbook"; its details say nothing to the supplier.
  parentPort?.postMessage(error instanceof Excesivo ? { excesivo: true } : { ilegible: true });
}
