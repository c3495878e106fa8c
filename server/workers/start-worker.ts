import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The one way the server starts a worker thread (the Excel reader, the delivered basket's
 * solver). A worker is a TypeScript module named `<name>.worker.ts`, and it always runs as one
 * file esbuild bundled from it, our code only (packages stay in node_modules):
 * - in the built server, scripts/build-server.mjs bundles each worker as an entry point of its
 *   own, `<name>.worker.js` beside main.js;
 * - from the sources (tsx, vitest, the bench), the first start of a worker in a process bundles it
 *   the same way into .tmp/workers/ (a few tens of milliseconds, once): the thread then starts as
 *   fast as the built one (registering tsx in each thread cost ~300 ms per Excel upload).
 * The caller passes the worker's URL resolved beside itself, `new URL('./x.worker.ts',
 * import.meta.url)` (in the bundle that is beside main.js, with .js for .ts), and its options
 * (data, transfers, `resourceLimits`, stdout) go to the Worker as they are. A worker gets no
 * `execArgv` of ours: no loader, no flag meant for the main thread.
 */
export function startWorker(fuente: URL, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}): Worker {
  if (!fuente.pathname.endsWith('.worker.ts')) throw new Error(`${fuente.pathname} no es un worker (*.worker.ts)`);
  const archivo = FROM_SOURCE ? bundled(fuente) : new URL(fuente.href.replace(/\.ts$/, '.js'));
  return new Worker(archivo, { ...options, execArgv: [] });
}

/** This file runs as TypeScript (tsx, vitest), not bundled into main.js. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
/** Under the repository, so that the bundle's imports of packages find node_modules. */
const CARPETA = new URL('../../.tmp/workers/', import.meta.url);
const bundles = new Map<string, URL>();

/**
 * The worker bundled from the sources, with scripts/build-server.mjs's options; named by its
 * content, so processes that bundle it at once (vitest's) write the same file, each whole.
 */
function bundled(fuente: URL): URL {
  const hecho = bundles.get(fuente.href);
  if (hecho) return hecho;
  // esbuild is a development dependency: loaded only here, never by the built server.
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const [salida] = buildSync({
    entryPoints: [fileURLToPath(fuente)],
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  }).outputFiles;
  if (!salida) throw new Error(`esbuild no produjo ${fuente.pathname}`);
  const nombre = fuente.pathname.slice(fuente.pathname.lastIndexOf('/') + 1, -'.ts'.length);
  const destino = new URL(`${nombre}-${createHash('sha256').update(salida.contents).digest('hex').slice(0, 16)}.mjs`, CARPETA);
  if (!fs.existsSync(destino)) {
    fs.mkdirSync(CARPETA, { recursive: true });
    const temporal = `${fileURLToPath(destino)}.${process.pid}`;
    fs.writeFileSync(temporal, salida.contents);
    fs.renameSync(temporal, destino);
  }
  bundles.set(fuente.href, destino);
  return destino;
}
