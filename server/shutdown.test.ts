import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CLAVE_COTIZACION_HEADER } from '#common/schemas/cotizaciones';
import { openDatabase, queryRows } from './db/client';
import { DEMO_PASSWORD } from './db/seed/demo-catalogo';
import { xlsxDe, filaExcel, multipartDe } from './test/carga';
import { ENTREGA } from './test/cotizacion';
import { ROLES } from './test/roles';

/**
 * A SIGTERM while 50 comparisons and a supplier's upload are in flight answers
 * every one of them, logs no error, leaves every acknowledged write whole, refuses new work and
 * exits 0. The real server in its own process (main.ts's shutdown is what is under test), on a
 * fresh embedded database with the demo seed.
 */

const COMPARACIONES = 50;
/** Rows of the upload: a few hundred, so its write is many statements' work, not one row's. */
const FILAS_CARGA = 400;
const SKU_PREFIJO = 'CIERRE-';
/** A generous bound for anything that must simply not hang (a loaded 2-core machine). */
const SIN_COLGARSE_MS = 60_000;

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  [campo: string]: unknown;
}

interface Servidor {
  child: ChildProcess;
  base: string;
  logs: LogLine[];
  /** stdout lines that are not pino JSON, and all of stderr: neither is expected. */
  otros: string[];
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  // A test that failed half-way leaves its server running: it goes, then its data.
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.listen(0, '127.0.0.1', resolve).once('error', reject));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(condition: () => boolean, what: string, ms = SIN_COLGARSE_MS) {
  const hasta = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > hasta) throw new Error(`no llegó a tiempo: ${what}`);
    await sleep(10);
  }
}

function startServer(dataDir: string, port: number, extraEnv: Record<string, string> = {}): Servidor {
  // The child gets the embedded default and a file mailer, whatever this shell points at.
  const { DATABASE_URL: _db, SMTP_URL: _smtp, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: '1',
      RATE_LIMIT_PER_MINUTE: '100000',
      JWT_SECRET: 'secreto-de-pruebas-de-cierre-con-mas-de-32-caracteres',
      // Each comparison from its own address (X-Forwarded-For), as many buyers behind a balancer:
      // one address has only a few in flight (docs/decisions/012).
      TRUST_PROXY: '1',
      // The drain is tested on its own below; elsewhere it would only add its 5 s to each stop.
      SHUTDOWN_DRAIN_MS: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const logs: LogLine[] = [];
  const otros: string[] = [];
  let pendiente = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    pendiente += chunk;
    const lineas = pendiente.split('\n');
    pendiente = lineas.pop()!;
    for (const linea of lineas) {
      if (linea.trim() === '') continue;
      try {
        logs.push(JSON.parse(linea) as LogLine);
      } catch {
        otros.push(`stdout: ${linea}`);
      }
    }
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, base: `http://127.0.0.1:${port}`, logs, otros, stderr: () => stderr, exit };
}

/** What the server said, for a failure's message. */
const informe = (s: Servidor) =>
  [`stderr:\n${s.stderr()}`, `otras líneas:\n${s.otros.join('\n')}`, `log:\n${s.logs.map((l) => JSON.stringify(l)).join('\n')}`].join('\n\n');

async function api<T>(
  s: Servidor,
  method: string,
  url: string,
  { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${s.base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `JWT ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(SIN_COLGARSE_MS),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** One anonymous request and its delivery record, ready to be compared: the body and clave of comparar-precios. */
async function prepararComparacion(s: Servidor, productos: Array<[number, number]>) {
  const solicitud = await api<{ id: number; clave: string }>(s, 'POST', '/api/cotizaciones/crear-solicitud/', {
    body: { productos: productos.map(([producto, cantidad]) => ({ producto, cantidad })) },
  });
  const headers = { [CLAVE_COTIZACION_HEADER]: solicitud.clave };
  await api(s, 'POST', '/api/cotizaciones/crear-cotizante/', { headers, body: { ...ENTREGA, solicitud_id: solicitud.id } });
  return { headers, body: { productos: productos.map(([producto, cantidad]) => ({ producto, cantidad })), solicitudId: solicitud.id } };
}

interface Respuesta {
  url: string;
  status: number;
  json: unknown;
}

/**
 * A body sent but for its last byte until `soltar` resolves: the server has taken the request in
 * (its headers, its 'incoming request' log) and cannot finish it before then. The embedded engine
 * runs its queries on the server's main thread, so a signal is handled only once the queued work
 * is done: without holding the bodies, 51 requests fully sent would be answered before SIGTERM's
 * handler ever ran, and nothing would be in flight when the shutdown starts.
 */
function cuerpoRetenido(texto: string, soltar: Promise<void>): ReadableStream<Uint8Array> {
  const bytes = Buffer.from(texto);
  let enviado = false;
  return new ReadableStream({
    async pull(controller) {
      if (!enviado) {
        enviado = true;
        controller.enqueue(bytes.subarray(0, -1));
        return;
      }
      await soltar;
      controller.enqueue(bytes.subarray(-1));
      controller.close();
    },
  });
}

/** A request whose answer is awaited whole (status and body), or the reason it had none. */
async function enviar(s: Servidor, url: string, headers: Record<string, string>, body: unknown, soltar: Promise<void>): Promise<Respuesta> {
  try {
    // Node's fetch sends a stream body only with duplex 'half', which the DOM's RequestInit does not name.
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: cuerpoRetenido(JSON.stringify(body), soltar),
      duplex: 'half',
      signal: AbortSignal.timeout(SIN_COLGARSE_MS),
    };
    const res = await fetch(`${s.base}${url}`, init);
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {}
    return { url, status: res.status, json };
  } catch (error) {
    return { url, status: 0, json: `sin respuesta: ${(error as Error).message} ${String((error as Error).cause ?? '')}` };
  }
}

/** Ready: listening, migrated, seeded and the comparison cache preloaded (503 until then). */
async function esperarListo(s: Servidor) {
  const hasta = Date.now() + SIN_COLGARSE_MS * 2;
  for (;;) {
    if (s.child.exitCode !== null) throw new Error(`el servidor terminó antes de estar listo (código ${s.child.exitCode})\n\n${informe(s)}`);
    if (Date.now() > hasta) throw new Error(`el servidor no estuvo listo a tiempo\n\n${informe(s)}`);
    const status = await fetch(`${s.base}/api/ready`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(200);
  }
}

interface Contestada {
  status: number;
  /** Sent on a connection kept alive from an earlier request. */
  reusada: boolean;
  connection: string | undefined;
  json: unknown;
}

/** A GET through `agent` (node:http, so the test sees which connection it went on), or why it had no answer. */
function getCon(s: Servidor, agent: http.Agent, url: string): Promise<Contestada | { error: string }> {
  return new Promise((resolve) => {
    const req = http.get(`${s.base}${url}`, { agent, timeout: SIN_COLGARSE_MS }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => {
        let json: unknown = text;
        try {
          json = JSON.parse(text);
        } catch {}
        resolve({ status: res.statusCode!, reusada: req.reusedSocket, connection: res.headers.connection, json });
      });
    });
    req.on('timeout', () => req.destroy(new Error('colgada')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: `${error.code ?? ''} ${error.message}` }));
  });
}

describe('graceful shutdown', () => {
  it(`SIGTERM during ${COMPARACIONES} comparisons and an upload: all answered 2xx, nothing half-written, no error logged, exit 0`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abastece-cierre-'));
    dirs.push(dataDir);
    // No drain (SHUTDOWN_DRAIN_MS=0, as every server of this file but the drain's): a request that arrives once the shutdown began is refused.
    const s = startServer(dataDir, await freePort());
    const falla = (mensaje: string) => `${mensaje}\n\n${informe(s)}`;

    await esperarListo(s);

    const { access: token } = await api<{ access: string }>(s, 'POST', '/auth/jwt/create/', { body: { email: ROLES.proveedor, password: DEMO_PASSWORD } });

    // 50 anonymous requests over the demo catalogue, each with its own mix of products and quantities.
    const catalogo = await api<{ productos: Array<{ id: number }> }>(s, 'GET', '/api/productos/consolidated-data/');
    const ids = catalogo.productos.map((p) => p.id);
    expect(ids.length).toBeGreaterThanOrEqual(5);
    const comparaciones = await Promise.all(
      Array.from({ length: COMPARACIONES }, (_, i) =>
        prepararComparacion(
          s,
          Array.from({ length: 3 + (i % 5) }, (_, j): [number, number] => [ids[(i * 7 + j * 3) % ids.length]!, 100 + ((i + j) % 4) * 50]),
        ),
      ),
    );

    // The upload as the screen makes it: the file read first (nothing written), then its rows confirmed.
    const xlsx = await xlsxDe(
      Array.from({ length: FILAS_CARGA }, (_, i) =>
        filaExcel({
          sku: `${SKU_PREFIJO}${String(i).padStart(4, '0')}`,
          nombre: `Zqxw cierre ordenado ${i}`,
          precio: 1000 + i,
          stock: 10 + i,
          fecha: '2099-06-30',
          categoria: 'SECOS',
          marca: 'Marca Cierre',
          origen: 'Chile',
          unidad: 'KILO',
        }),
      ),
    );
    const { payload, headers: multipart } = multipartDe(xlsx);
    const cargaRes = await fetch(`${s.base}/api/productos/cargar-excel/`, {
      method: 'POST',
      headers: { ...multipart, authorization: `JWT ${token}` },
      body: payload,
      signal: AbortSignal.timeout(SIN_COLGARSE_MS),
    });
    expect(cargaRes.status, falla('cargar-excel')).toBe(200);
    const carga = (await cargaRes.json()) as { productos_nuevos_exclusivos: Array<{ sku: string }>; errores: unknown[] };
    expect(carga.errores).toEqual([]);
    expect(carga.productos_nuevos_exclusivos).toHaveLength(FILAS_CARGA);

    // All 51 at once, each held by its last byte; SIGTERM once the server has taken every one of them in.
    let soltar!: () => void;
    const soltadas = new Promise<void>((resolve) => {
      soltar = resolve;
    });
    const desde = s.logs.length;
    const enCurso = [
      ...comparaciones.map(({ headers, body }, i) =>
        enviar(s, '/api/cotizaciones/comparar-precios/', { ...headers, 'x-forwarded-for': `10.0.${i}.1` }, body, soltadas),
      ),
      enviar(s, '/api/productos/registrar-nuevos/', { authorization: `JWT ${token}` }, { productos: carga.productos_nuevos_exclusivos }, soltadas),
    ];
    const esNuestra = (l: LogLine) => l.msg === 'incoming request' && /comparar-precios|registrar-nuevos/.test(l.req?.url ?? '');
    await waitFor(() => s.logs.slice(desde).filter(esNuestra).length >= COMPARACIONES + 1, 'las 51 solicitudes en el servidor');
    s.child.kill('SIGTERM');
    await waitFor(() => s.logs.some((l) => l.msg?.startsWith('cerrando')) || s.child.exitCode !== null, 'el inicio del cierre');
    const inicioCierre = s.logs.findIndex((l) => l.msg?.startsWith('cerrando'));

    // A request sent once the shutdown began is refused or answered 503: never taken in, never left
    // hanging. The log line comes a moment before Fastify closes its routes; /api/ready says when that
    // happened (503 from its preClose hook, or Fastify's own 503, or no connection at all).
    for (let listo = true; listo; ) {
      listo = await fetch(`${s.base}/api/ready`, { signal: AbortSignal.timeout(SIN_COLGARSE_MS) }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (listo) await sleep(10);
    }
    const tardia = await fetch(`${s.base}/api/cotizaciones/comparar-precios/`, {
      method: 'POST',
      headers: { ...comparaciones[0]!.headers, 'content-type': 'application/json' },
      body: JSON.stringify(comparaciones[0]!.body),
      signal: AbortSignal.timeout(SIN_COLGARSE_MS),
    }).then(
      (r) => r.status,
      (error: Error) => (error.name === 'TimeoutError' ? 'colgada' : 'rechazada'),
    );
    expect([503, 'rechazada'], falla(`la solicitud tardía: ${tardia}`)).toContain(tardia);

    // The rest of the 51 bodies: their work (the comparisons' writes, the upload's) runs during the shutdown.
    soltar();
    const respuestas = await Promise.all(enCurso);
    const salida = await Promise.race([s.exit, sleep(SIN_COLGARSE_MS).then(() => null)]);
    if (!salida) throw new Error(falla('el proceso no terminó tras el SIGTERM'));

    expect(
      respuestas.filter((r) => r.status < 200 || r.status >= 300),
      falla('respuestas que no fueron 2xx'),
    ).toEqual([]);
    expect(salida, falla('la salida del proceso')).toEqual({ code: 0, signal: null });
    expect(
      s.logs.filter((l) => l.level >= 50),
      falla('líneas de error en el log'),
    ).toEqual([]);
    expect([s.stderr(), ...s.otros], falla('salida inesperada')).toEqual(['']);
    // Every one of them was answered after the shutdown began (their bodies were held until then).
    const nuestras = new Set(
      s.logs
        .slice(desde)
        .filter(esNuestra)
        .map((l) => l.reqId),
    );
    expect(inicioCierre, falla('el servidor no registró el inicio del cierre')).toBeGreaterThan(0);
    expect(s.logs.slice(inicioCierre).filter((l) => l.msg === 'request completed' && nuestras.has(l.reqId))).toHaveLength(COMPARACIONES + 1);

    // After the exit: every acknowledged write is in the database, whole.
    const registro = respuestas.at(-1)!.json as { registrados: number; errores: unknown[] };
    expect(registro).toEqual({ registrados: FILAS_CARGA, errores: [] });
    const cotizaciones = respuestas
      .slice(0, COMPARACIONES)
      .map((r) => r.json as { cotizacion_id: number; resultados: Array<{ opciones_seleccionadas: Array<{ opcion_id: number }> }> });
    const database = await openDatabase({ dataDir });
    try {
      const ofertas = await queryRows<{ sku: string; tarifa: number; estado: string; lotes: Array<{ cantidad: number; fecha: string }> }>(
        database.db,
        sql`select pp.sku, pp.tarifa, p.estado_moderacion as estado,
              coalesce((select json_agg(json_build_object('cantidad', l.cantidad, 'fecha', l.fecha_expiracion::text)) from lote l where l.proveedor_producto_id = pp.id), '[]') as lotes
            from proveedor_producto pp
            join usuario u on u.id = pp.proveedor_id
            join producto p on p.id = pp.producto_id
            where u.email = ${ROLES.proveedor} and pp.sku like ${`${SKU_PREFIJO}%`}
            order by pp.sku`,
      );
      expect(ofertas).toEqual(
        Array.from({ length: FILAS_CARGA }, (_, i) => ({
          sku: `${SKU_PREFIJO}${String(i).padStart(4, '0')}`,
          tarifa: 1000 + i,
          estado: 'pendiente',
          lotes: [{ cantidad: 10 + i, fecha: '2099-06-30' }],
        })),
      );

      const guardadas = await queryRows<{ cotizacion_id: number; opciones: number[] }>(
        database.db,
        sql`select c.id as cotizacion_id, coalesce(array_agg(o.id order by o.id) filter (where o.id is not null), '{}') as opciones
            from cotizacion c left join opcion o on o.cotizacion_id = c.id
            where c.id in (${sql.join(
              cotizaciones.map((c) => sql`${c.cotizacion_id}`),
              sql`, `,
            )})
            group by c.id order by c.id`,
      );
      const esperadas = cotizaciones
        .map((c) => ({
          cotizacion_id: c.cotizacion_id,
          opciones: c.resultados.flatMap((r) => r.opciones_seleccionadas.map((o) => o.opcion_id)).sort((a, b) => a - b),
        }))
        .sort((a, b) => a.cotizacion_id - b.cotizacion_id);
      expect(guardadas).toEqual(esperadas);
    } finally {
      await database.close();
    }
    // No timing is asserted; the bound only has to outlast a slow start (seed, preload) on a loaded 2-core machine.
  }, 300_000);

  describe('with a drain (SHUTDOWN_DRAIN_MS), and the server-wide timeouts', () => {
    /** Long: the test ends it early with a second SIGTERM, once it has sent what it sends during it. */
    const DRENAJE_MS = 120_000;
    const CONEXIONES = 6;
    let s: Servidor;

    it('headers or a body that never finish are answered 408 in Spanish and closed (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS)', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abastece-drenaje-'));
      dirs.push(dataDir);
      s = startServer(dataDir, await freePort(), { SHUTDOWN_DRAIN_MS: String(DRENAJE_MS), HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000' });
      await esperarListo(s);
      const { port } = new URL(s.base);
      /** What the server writes on a raw connection before closing it, or 'abierta' if it keeps it open past the bound. */
      const crudo = (envio: (socket: net.Socket) => void) =>
        new Promise<string>((resolve) => {
          const socket = net.connect(Number(port), '127.0.0.1', () => envio(socket));
          let recibido = '';
          socket.setEncoding('utf8').on('data', (c: string) => {
            recibido += c;
          });
          socket.on('error', () => {});
          // Node checks every second (main.ts): well past 1 s + 2 s, it would have answered.
          const limite = setTimeout(() => {
            socket.destroy();
            resolve('abierta');
          }, 15_000);
          socket.on('close', () => {
            clearTimeout(limite);
            resolve(recibido);
          });
        });
      const [cabeceras, cuerpo] = await Promise.all([
        crudo((socket) => socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n')),
        crudo((socket) => {
          socket.write('POST /auth/jwt/create/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
          const gotas = setInterval(() => socket.write(' '), 300);
          socket.on('close', () => clearInterval(gotas));
        }),
      ]);
      for (const recibido of [cabeceras, cuerpo]) {
        expect(recibido, informe(s)).toMatch(/^HTTP\/1\.1 408 /);
        expect(JSON.parse(recibido.slice(recibido.indexOf('\r\n\r\n') + 4))).toEqual({ detail: 'La solicitud tardó demasiado.' });
      }
    }, 300_000);

    it(`SIGTERM: during the drain /api/ready says 503 and requests on ${CONEXIONES} kept-alive connections and on new ones are answered; a second SIGTERM ends it, exit 0`, async () => {
      const falla = (mensaje: string) => `${mensaje}\n\n${informe(s)}`;
      const agent = new http.Agent({ keepAlive: true, maxSockets: CONEXIONES });
      try {
        // CONEXIONES connections opened and left idle, kept alive, as a balancer or a browser keeps them.
        const antes = await Promise.all(Array.from({ length: CONEXIONES }, () => getCon(s, agent, '/api/productos/consolidated-data/')));
        expect(antes.map((r) => ('status' in r ? r.status : r.error))).toEqual(Array(CONEXIONES).fill(200));

        const desde = s.logs.length;
        s.child.kill('SIGTERM');
        await waitFor(() => s.logs.slice(desde).some((l) => l.msg?.startsWith('cerrando')), 'el inicio del cierre');

        // Sent after the signal: on the kept-alive connections (each answered, then closed), then on new ones.
        const reusadas = await Promise.all(Array.from({ length: CONEXIONES }, () => getCon(s, agent, '/api/productos/consolidated-data/')));
        const nuevas = await Promise.all(Array.from({ length: CONEXIONES }, () => getCon(s, agent, '/api/productos/consolidated-data/')));
        const listo = await fetch(`${s.base}/api/ready`, { signal: AbortSignal.timeout(SIN_COLGARSE_MS) });
        expect(listo.status, falla('/api/ready durante el drenaje')).toBe(503);
        expect(await listo.json()).toEqual({ status: 'no_listo', fallan: ['cerrando'] });
        expect(
          reusadas.map((r) => ('status' in r ? { status: r.status, reusada: r.reusada, connection: r.connection } : r)),
          falla('las solicitudes sobre conexiones abiertas'),
        ).toEqual(Array(CONEXIONES).fill({ status: 200, reusada: true, connection: 'close' }));
        expect(
          nuevas.map((r) => ('status' in r ? { status: r.status, reusada: r.reusada } : r)),
          falla('las solicitudes sobre conexiones nuevas'),
        ).toEqual(Array(CONEXIONES).fill({ status: 200, reusada: false }));
        expect(
          s.logs.slice(desde).some((l) => l.msg?.startsWith('cierre:')),
          falla('el drenaje terminó antes de tiempo'),
        ).toBe(false);

        s.child.kill('SIGTERM');
        const salida = await Promise.race([s.exit, sleep(SIN_COLGARSE_MS).then(() => null)]);
        expect(salida, falla('la salida del proceso')).toEqual({ code: 0, signal: null });
        expect(
          s.logs.filter((l) => l.level >= 50),
          falla('líneas de error en el log'),
        ).toEqual([]);
      } finally {
        agent.destroy();
      }
    }, 300_000);
  });
});
