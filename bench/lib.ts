import http from 'node:http';
import { adminQuery, dropDatabase, withDatabase } from '#server/test/template-db';
import { type Database, openDatabase, openPostgres } from '#server/db/client';
import os from 'node:os';
import { ENTREGA } from '#server/test/entrega';
import fs from 'node:fs';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { buildSync } from 'esbuild';
import readline from 'node:readline';

/** Runs a script: TypeScript through tsx, the built server (dist/…/*.js) as it is. */
export const node = (script: string, env: Record<string, string>, stdout: 'inherit' | 'pipe' = 'inherit') =>
  spawn(process.execPath, [...(script.endsWith('.ts') ? ['--import', 'tsx'] : []), script], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });

/**
 * The server as production runs it, the built bundle (`npm run build`; `npm run bench` builds
 * first), with no demo data and no rate limit in the way, on `port`, with `env` (its database).
 * Not through tsx: its transpiler is memory and time of no production process.
 */
export function startServer(port: number, env: Record<string, string>, stdout: 'inherit' | 'pipe' = 'inherit') {
  if (!fs.existsSync(SERVIDOR)) throw new Error(`${SERVIDOR} no existe: corre \`npm run build\` antes`);
  const cambiado = fuenteMasNueva();
  if (cambiado && fs.statSync(cambiado).mtimeMs > fs.statSync(SERVIDOR).mtimeMs) {
    throw new Error(`${cambiado} es más nuevo que ${SERVIDOR}: corre \`npm run build\` antes (se mediría el servidor anterior)`);
  }
  return node(
    SERVIDOR,
    {
      ...env,
      PORT: String(port),
      SEED_DEMO: '0',
      RATE_LIMIT_PER_MINUTE: '100000000',
      JWT_SECRET: 'secreto-de-benchmark-con-mas-de-32-caracteres',
      NODE_ENV: 'production',
    },
    stdout,
  );
}

const SERVIDOR = 'dist/server/main.js';

/** The server's newest source file: a bench run straight after an edit would otherwise time the bundle built before it. */
function fuenteMasNueva(): string | undefined {
  let nuevo: { archivo: string; mtime: number } | undefined;
  for (const dir of ['server', 'common']) {
    for (const archivo of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      // Tests and their helpers are not in the bundle.
      if (!archivo.endsWith('.ts') || archivo.endsWith('.test.ts') || archivo.split(path.sep).includes('test')) continue;
      const ruta = path.join(dir, archivo);
      const mtime = fs.statSync(ruta).mtimeMs;
      if (!nuevo || mtime > nuevo.mtime) nuevo = { archivo: ruta, mtime };
    }
  }
  return nuevo?.archivo;
}

interface LineaDeLog {
  reqId?: string;
  req?: { url?: string };
  responseTime?: number;
  msg?: string;
}

/**
 * Each JSON line of the server's log (start it with LOG_LEVEL 'info' and stdout 'pipe'), as it
 * arrives. Every reader stays open: closing one pauses the stream for the others.
 */
function leerLog(child: ChildProcess, alLeer: (log: LineaDeLog) => void): void {
  readline.createInterface({ input: child.stdout! }).on('line', (linea) => {
    let log: LineaDeLog;
    try {
      log = JSON.parse(linea);
    } catch {
      return; // not a log line (a warning printed by hand)
    }
    alLeer(log);
  });
}

/**
 * The server's own clock for each request to a path containing `ruta`: Fastify's responseTime
 * (from the request's arrival to its last byte handed to the socket), read from its request log.
 * The array fills as the log lines arrive.
 */
export function tiemposDelServidor(child: ChildProcess, ruta: string): number[] {
  const tiempos: number[] = [];
  const rutaDe = new Map<string, string>();
  leerLog(child, (log) => {
    if (!log.reqId) return;
    if (log.req?.url) rutaDe.set(log.reqId, log.req.url);
    if (log.responseTime === undefined) return;
    if (rutaDe.get(log.reqId)?.includes(ruta)) tiempos.push(log.responseTime);
    rutaDe.delete(log.reqId);
  });
  return tiempos;
}

/** The first message of the server's log that starts with `inicio`. */
export function mensajeDelServidor(child: ChildProcess, inicio: string, timeoutMs = 300_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let hecho = false;
    const plazo = setTimeout(() => {
      hecho = true;
      reject(new Error(`el servidor no dijo '${inicio}…' en ${timeoutMs} ms`));
    }, timeoutMs);
    leerLog(child, ({ msg }) => {
      if (hecho || !msg?.startsWith(inicio)) return;
      hecho = true;
      clearTimeout(plazo);
      resolve(msg);
    });
  });
}

/** Milliseconds from `since` until GET url answers 200. */
export async function waitUntilUp(url: string, since: number, timeoutMs = 120_000): Promise<number> {
  while (performance.now() - since < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${url} no respondió en ${timeoutMs} ms`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('es-CL', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * Bundles a bench script into `dir` and runs it with `args` in a process of its own (no TypeScript
 * loader in the measured process); its stdout.
 */
export function runBundled(entry: string, dir: string, args: string[]): string {
  const script = path.join(dir, `${path.basename(entry, '.ts')}.mjs`);
  buildSync({ entryPoints: [entry], outfile: script, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });
  return execFileSync(process.execPath, [script, ...args], { encoding: 'utf8' });
}

const agente = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** Closes postBytes' kept-alive connection (before stopping the server). */
export const closeConnections = () => agente.destroy();

/**
 * POST over node:http, the answer read as bytes: the plainest client, so what is timed is the
 * server and the wire (fetch reads a body through WHATWG streams, ~2 ms of the client's own work
 * per 550 KB answer on this machine), and compressed answers stay as they came.
 */
export function postBytes(url: string, body: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent: agente, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      const partes: Buffer[] = [];
      res
        .on('data', (parte: Buffer) => partes.push(parte))
        .on('end', () => (res.statusCode === 201 ? resolve(Buffer.concat(partes)) : reject(new Error(`${url}: ${res.statusCode} ${Buffer.concat(partes)}`))))
        .on('error', reject);
    });
    req.on('error', reject).end(body);
  });
}

/**
 * A request for `productos` with its delivery record (crear-solicitud, crear-cotizante, anonymous):
 * the body and headers comparar-precios is then asked with, and both records as the server
 * answered them (what the quotation screens keep in session storage). `fecha` null: no delivery
 * date, each supplier's first possible day.
 */
export async function solicitudComparable(base: string, productos: Array<{ producto: number; cantidad: number }>, fecha: string | null) {
  const post = async (ruta: string, body: object, clave?: string) => {
    const res = await fetch(`${base}${ruta}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(clave ? { 'x-clave-cotizacion': clave } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${ruta}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const solicitud = await post('/api/cotizaciones/crear-solicitud/', { productos });
  const cotizante = await post('/api/cotizaciones/crear-cotizante/', { ...ENTREGA, fecha_entrega: fecha ?? '', solicitud_id: solicitud.id }, solicitud.clave);
  return {
    cuerpo: JSON.stringify({ productos, solicitudId: solicitud.id }),
    headers: { 'content-type': 'application/json', 'x-clave-cotizacion': solicitud.clave as string },
    solicitud: solicitud as object,
    cotizante: cotizante as object,
  };
}

export { adminQuery, dropDatabase };

/**
 * Runs a bench on a database of its own: with DATABASE_URL a new PostgreSQL database `abastece_bench_<nombre>_<pid>`,
 * dropped after; else an embedded one in a temporary folder, removed after. `run` gets the label,
 * how to open it and the server's environment for it.
 */
export async function enSuBase(nombre: string, run: (label: string, open: () => Promise<Database>, env: Record<string, string>) => Promise<void>) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `abastece_bench_${nombre}_${process.pid}`;
    await adminQuery(databaseUrl, `CREATE DATABASE ${name}`);
    try {
      await run('PostgreSQL', async () => openPostgres(withDatabase(databaseUrl, name)), { DATABASE_URL: withDatabase(databaseUrl, name) });
    } finally {
      await dropDatabase(databaseUrl, name);
    }
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `abastece-bench-${nombre}-`));
    try {
      await run('base embebida', () => openDatabase({ dataDir }), { DATA_DIR: dataDir });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
