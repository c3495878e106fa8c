import type { Worker } from 'node:worker_threads';
import { ARCHIVO_DESCOMPRIMIDO_EXCESIVO, ARCHIVO_ILEGIBLE, ARCHIVO_TIEMPO_AGOTADO, MAX_FILAS_CARGA } from '#common/schemas/proveedor-carga';
import { startWorker } from '#server/workers/start-worker';
import { ArchivoInvalido, type EntradaZip, inspectArchivo, MAX_DESCOMPRIMIDO_BYTES } from './archivo';
import type { DatosExcelWorker } from './excel.worker';

/** A cell as the worker hands it over: text, number, boolean, a date as 'YYYY-MM-DD', or empty. */
export type CeldaCruda = string | number | boolean | null;
/** What the worker posts: rows in parts, then the end, or why it stopped. */
interface MensajeHoja {
  /** Rows as JSON (CeldaCruda[][]): one string crosses threads much faster than thousands of arrays. */
  filas?: string;
  /** The sheet index of the first of those rows (0 is row 1). */
  desde?: number;
  fin?: boolean;
  ilegible?: boolean;
  /** The zip inflates to more than MAX_DESCOMPRIMIDO_BYTES, whatever it declared. */
  excesivo?: boolean;
}
/** How the worker's readers hand rows over, in sheet order as they come (`desde`: the index of the first). */
export type AlLeerFilas = (filas: CeldaCruda[][], desde: number) => void;

/**
 * The worker's heap: a 5 MB file of 50,000 rows peaks well under it (docs/decisions/008); a zip
 * bomb that lied about its sizes dies here instead of taking the server's memory.
 */
export const WORKER_HEAP_MB = 384;
/** Parses at once: the others wait their turn, so N uploads never hold N × the heap above. */
export const MAX_CONCURRENT_PARSES = 2;

function startExcelWorker(datos: Uint8Array, entradas: EntradaZip[]): Worker {
  const workerData: DatosExcelWorker = { datos, entradas, maxFilas: MAX_FILAS_CARGA, maxDescomprimido: MAX_DESCOMPRIMIDO_BYTES };
  return startWorker(new URL('./excel.worker.ts', import.meta.url), {
    workerData,
    transferList: [datos.buffer as ArrayBuffer],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    stdout: false,
    stderr: false,
  });
}

let running = 0;
const waiting: Array<() => void> = [];
async function acquireParseSlot(): Promise<() => void> {
  if (running >= MAX_CONCURRENT_PARSES) await new Promise<void>((r) => waiting.push(r));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/** Rows of the sheet as the worker hands them over: `desde` is the sheet index of the first (0 is row 1). */
export interface ParteHoja {
  celdas: CeldaCruda[][];
  desde: number;
}

/**
 * The first sheet of an uploaded .xlsx/.xls as rows of cells, in parts as the worker reads them
 * (so the caller validates them meanwhile), or ArchivoInvalido with the Spanish message to answer.
 * The file is checked first (magic bytes, zip directory), then parsed in a worker that is
 * terminated when `timeoutMs` passes or its heap runs out: the request thread never parses, so the
 * server keeps answering whatever the file does. Parts the caller has not taken yet wait in order
 * (the worker does not wait for the caller: it finishes and its memory goes); leaving the loop
 * early (an error of the caller) stops the worker.
 */
export async function* readExcel(buf: Buffer, timeoutMs: number): AsyncGenerator<ParteHoja, void, undefined> {
  const { entradas } = inspectArchivo(buf);
  const release = await acquireParseSlot();
  // Messages (or the failure) not taken yet, and the wait of the caller for the next one.
  const llegadas: Array<MensajeHoja | Error> = [];
  let despertar: (() => void) | undefined;
  const llega = (m: MensajeHoja | Error) => {
    llegadas.push(m);
    despertar?.();
  };
  let worker: Worker | undefined;
  let timer: NodeJS.Timeout | undefined;
  const detener = () => {
    clearTimeout(timer);
    if (!worker) return;
    worker.removeAllListeners();
    void worker.terminate();
    worker = undefined;
  };
  try {
    // A copy of exactly the file's bytes, handed over (not cloned) to the worker.
    const datos = new Uint8Array(buf.length);
    datos.set(buf);
    worker = startExcelWorker(datos, entradas);
    timer = setTimeout(() => {
      detener();
      llega(new ArchivoInvalido(ARCHIVO_TIEMPO_AGOTADO));
    }, timeoutMs);
    worker.on('message', (m: MensajeHoja) => {
      // Read to the end: the time limit is the parse's, not the caller's.
      if (m.filas === undefined) detener();
      llega(m);
    });
    worker.once('error', (e: Error & { code?: string }) => {
      detener();
      llega(new ArchivoInvalido(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? ARCHIVO_DESCOMPRIMIDO_EXCESIVO : ARCHIVO_ILEGIBLE));
    });
    worker.once('exit', () => {
      detener();
      llega(new ArchivoInvalido(ARCHIVO_ILEGIBLE));
    });
    for (;;) {
      if (llegadas.length === 0) await new Promise<void>((r) => (despertar = r));
      despertar = undefined;
      const m = llegadas.shift()!;
      if (m instanceof Error) throw m;
      if (m.filas !== undefined) yield { celdas: JSON.parse(m.filas) as CeldaCruda[][], desde: m.desde ?? 0 };
      else if (m.fin) return;
      else throw new ArchivoInvalido(m.excesivo ? ARCHIVO_DESCOMPRIMIDO_EXCESIVO : ARCHIVO_ILEGIBLE);
    }
  } finally {
    detener();
    release();
  }
}

/** All the rows of the first sheet at once (readExcel gathered): for tests and the bench. */
export async function parseExcel(buf: Buffer, timeoutMs: number): Promise<CeldaCruda[][]> {
  const filas: CeldaCruda[][] = [];
  for await (const { celdas } of readExcel(buf, timeoutMs)) for (const fila of celdas) filas.push(fila);
  return filas;
}
