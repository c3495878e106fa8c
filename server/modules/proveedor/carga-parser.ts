import { Worker } from 'node:worker_threads';
import { ARCHIVO_DESCOMPRIMIDO_EXCESIVO, ARCHIVO_ILEGIBLE, ARCHIVO_TIEMPO_AGOTADO, MAX_FILAS_CARGA } from '../../../common/schemas/proveedor-carga';
import { ArchivoInvalido, type EntradaZip, inspectArchivo, MAX_DESCOMPRIMIDO_BYTES } from './carga-archivo';

/** A cell as the worker hands it over: text, number, boolean, a date as 'YYYY-MM-DD', or empty. */
export type CeldaCruda = string | number | boolean | null;
export interface HojaCruda {
  /** The rows as JSON (CeldaCruda[][]): one string crosses threads much faster than 50.000 arrays. */
  filas?: string;
  ilegible?: boolean;
  /** The zip inflates to more than MAX_DESCOMPRIMIDO_BYTES, whatever it declared. */
  excesivo?: boolean;
}

/**
 * The worker's heap: a 5 MB file of 50.000 rows peaks well under it (docs/decisions/008); a zip
 * bomb that lied about its sizes dies here instead of taking the server's memory.
 */
export const WORKER_HEAP_MB = 384;
/** Parses at once: the others wait their turn, so N uploads never hold N × the heap above. */
export const MAX_PARSEOS_SIMULTANEOS = 2;

// Beside this module in the sources, beside main.js in the bundle (scripts/build-server.mjs copies it).
const WORKER = new URL('./carga-excel.worker.mjs', import.meta.url);

function startWorker(datos: Uint8Array, entradas: EntradaZip[]): Worker {
  return new Worker(WORKER, {
    workerData: { datos, entradas, maxFilas: MAX_FILAS_CARGA, maxDescomprimido: MAX_DESCOMPRIMIDO_BYTES },
    transferList: [datos.buffer as ArrayBuffer],
    // The worker is plain JavaScript: no TypeScript loader (tsx, vitest) to inherit.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    stdout: false,
    stderr: false,
  });
}

let enCurso = 0;
const enEspera: Array<() => void> = [];
async function turno(): Promise<() => void> {
  if (enCurso >= MAX_PARSEOS_SIMULTANEOS) await new Promise<void>((r) => enEspera.push(r));
  enCurso++;
  return () => {
    enCurso--;
    enEspera.shift()?.();
  };
}

/**
 * The first sheet of an uploaded .xlsx/.xls as rows of cells, or ArchivoInvalido with the
 * Spanish message to answer. The file is checked first (magic bytes, zip directory), then parsed
 * in a worker that is terminated when `timeoutMs` passes or its heap runs out: the request thread
 * never parses, so the server keeps answering whatever the file does.
 */
export async function parseExcel(buf: Buffer, timeoutMs: number): Promise<CeldaCruda[][]> {
  const { entradas } = inspectArchivo(buf);
  const liberar = await turno();
  try {
    // A copy of exactly the file's bytes, handed over (not cloned) to the worker.
    const datos = new Uint8Array(buf.length);
    datos.set(buf);
    const hoja = await new Promise<HojaCruda>((resolve, reject) => {
      const worker = startWorker(datos, entradas);
      const timer = setTimeout(() => {
        reject(new ArchivoInvalido(ARCHIVO_TIEMPO_AGOTADO));
        void worker.terminate();
      }, timeoutMs);
      worker.once('message', (m: HojaCruda) => {
        clearTimeout(timer);
        resolve(m);
        void worker.terminate();
      });
      worker.once('error', (e: Error & { code?: string }) => {
        clearTimeout(timer);
        reject(new ArchivoInvalido(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? ARCHIVO_DESCOMPRIMIDO_EXCESIVO : ARCHIVO_ILEGIBLE));
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        reject(new ArchivoInvalido(ARCHIVO_ILEGIBLE));
      });
    });
    if (hoja.excesivo) throw new ArchivoInvalido(ARCHIVO_DESCOMPRIMIDO_EXCESIVO);
    if (!hoja.filas) throw new ArchivoInvalido(ARCHIVO_ILEGIBLE);
    return JSON.parse(hoja.filas) as CeldaCruda[][];
  } finally {
    liberar();
  }
}
