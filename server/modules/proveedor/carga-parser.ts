import { Worker } from 'node:worker_threads';
import { ARCHIVO_DESCOMPRIMIDO_EXCESIVO, ARCHIVO_ILEGIBLE, ARCHIVO_TIEMPO_AGOTADO, MAX_FILAS_CARGA } from '../../../common/schemas/proveedor-carga';
import { ArchivoInvalido, type EntradaZip, inspectArchivo, MAX_DESCOMPRIMIDO_BYTES } from './carga-archivo';

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
/** Takes rows in sheet order as they come (`desde`: the index of the first); may throw to stop the parse. */
export type AlLeerFilas = (filas: CeldaCruda[][], desde: number) => void;

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
 * The first sheet of an uploaded .xlsx/.xls as rows of cells, handed to `alLeer` in parts while
 * the worker reads on (so the caller validates them meanwhile), or ArchivoInvalido with the
 * Spanish message to answer. The file is checked first (magic bytes, zip directory), then parsed
 * in a worker that is terminated when `timeoutMs` passes or its heap runs out: the request thread
 * never parses, so the server keeps answering whatever the file does. An error thrown by
 * `alLeer` stops the worker and is the one this rejects with.
 */
export async function readExcel(buf: Buffer, timeoutMs: number, alLeer: AlLeerFilas): Promise<void> {
  const { entradas } = inspectArchivo(buf);
  const liberar = await turno();
  try {
    // A copy of exactly the file's bytes, handed over (not cloned) to the worker.
    const datos = new Uint8Array(buf.length);
    datos.set(buf);
    await new Promise<void>((resolve, reject) => {
      const worker = startWorker(datos, entradas);
      const terminar = (error?: Error) => {
        clearTimeout(timer);
        worker.removeAllListeners();
        if (error) reject(error);
        else resolve();
        void worker.terminate();
      };
      const timer = setTimeout(() => terminar(new ArchivoInvalido(ARCHIVO_TIEMPO_AGOTADO)), timeoutMs);
      worker.on('message', (m: MensajeHoja) => {
        if (m.filas !== undefined) {
          try {
            alLeer(JSON.parse(m.filas) as CeldaCruda[][], m.desde ?? 0);
          } catch (error) {
            terminar(error as Error);
          }
        } else if (m.fin) terminar();
        else terminar(new ArchivoInvalido(m.excesivo ? ARCHIVO_DESCOMPRIMIDO_EXCESIVO : ARCHIVO_ILEGIBLE));
      });
      worker.once('error', (e: Error & { code?: string }) =>
        terminar(new ArchivoInvalido(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? ARCHIVO_DESCOMPRIMIDO_EXCESIVO : ARCHIVO_ILEGIBLE)),
      );
      worker.once('exit', () => terminar(new ArchivoInvalido(ARCHIVO_ILEGIBLE)));
    });
  } finally {
    liberar();
  }
}

/** All the rows of the first sheet at once (readExcel gathered): for tests and the bench. */
export async function parseExcel(buf: Buffer, timeoutMs: number): Promise<CeldaCruda[][]> {
  const filas: CeldaCruda[][] = [];
  await readExcel(buf, timeoutMs, (parte) => {
    for (const fila of parte) filas.push(fila);
  });
  return filas;
}
