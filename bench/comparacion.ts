import fs from 'node:fs';
import pg from 'pg';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { compararPreciosSchemaOut } from '#common/schemas/comparacion';
import { hoyEnChile, sumarDias } from '#common/fecha';
import { type Database, openDatabase, openPostgres, queryRows } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { findOfertas } from '#server/modules/comparacion/comparacion.repository';
import { withDatabase } from '#server/test/template-db';
import { generarCatalogo } from './catalogo-bench';
import {
  adminQuery,
  dropDatabase,
  closeConnections,
  fmt,
  mensajeDelServidor,
  postBytes,
  runBundled,
  solicitudComparable,
  startServer,
  stop,
  tiemposDelServidor,
  waitUntilUp,
} from './lib';

const LINEAS = 30;
const PORT = 8797;
const PETICIONES = Number(process.env.BENCH_COMPARACION_PETICIONES ?? 200);
/** Times each request of the phase with delivery terms is measured (after one pass off the clock). */
const PASADAS_CONDICIONES = Number(process.env.BENCH_COMPARACION_PASADAS_CONDICIONES ?? 3);
const databaseUrl = process.env.DATABASE_URL;

const admin = (query: string) => adminQuery(databaseUrl!, query);

/**
 * Half the suppliers (every other one, as in bench/canasta.ts) set delivery terms: a minimum of
 * $30.000–$150.000, a fee of $5.000–$15.000 and, for 60 % of them, free delivery from the minimum
 * + $50.000–$400.000; every comuna, every weekday, one day ahead, 18:00 (so the date of the
 * bench's requests, a week ahead, is always possible). The other half keep the open terms
 * every bench supplier starts with (bench/catalogo-bench.ts): any comuna and day, no minimum nor fee.
 * One statement: migration 0013's triggers notify every product of these suppliers. Returns how
 * many suppliers got terms.
 */
const DAR_CONDICIONES = `WITH s AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM usuario WHERE email LIKE 'bench-proveedor-%'),
    t AS (SELECT id, 1000 * round(30 + random() * 120)::int AS minimo, 10 * round(500 + random() * 1000)::int AS despacho, random() < 0.6 AS gratis
      FROM s WHERE n % 2 = 0 ORDER BY n)
  INSERT INTO condiciones_proveedor (proveedor_id, todas_las_comunas, dias_despacho, anticipacion_dias, hora_corte, monto_minimo, costo_despacho, despacho_gratis_desde)
  SELECT id, true, '{1,2,3,4,5,6,7}', 1, '18:00', minimo, despacho, CASE WHEN gratis THEN minimo + 1000 * round(50 + random() * 350)::int END FROM t
  ON CONFLICT (proveedor_id) DO UPDATE SET anticipacion_dias = excluded.anticipacion_dias, hora_corte = excluded.hora_corte,
    monto_minimo = excluded.monto_minimo, costo_despacho = excluded.costo_despacho, despacho_gratis_desde = excluded.despacho_gratis_desde`;

/** A connection of the bench's own to the server's database (PostgreSQL only): what another process writes. */
interface Escritor {
  /** A no-op write to these products' offers: migration 0009's triggers notify them. */
  tocar: (productos: number[]) => Promise<void>;
  /** DAR_CONDICIONES; how many suppliers got terms. */
  darCondiciones: () => Promise<number>;
}

const percentil = (ms: number[], p: number) => {
  const s = [...ms].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const fila = (label: string, ms: number[]) =>
  console.log(`${label.padEnd(60)} p50 ${fmt(percentil(ms, 50), 2).padStart(7)} ms   p99 ${fmt(percentil(ms, 99), 2).padStart(7)} ms`);

const cantidadDe = (i: number) => 100 + ((i * 397) % 1401);
/** The request measured again and again: 30 products spread over the catalogue, 100 to 1,500 kg (fixed, so runs compare). */
const lineasRepetidas = (ids: number[]) => Array.from({ length: LINEAS }, (_, i) => ({ producto: ids[(i * 67) % ids.length]!, cantidad: cantidadDe(i) }));
/** Requests of 30 lines over every other product, each product in one of them only. */
function lineasFrias(ids: number[]) {
  const repetidos = new Set(lineasRepetidas(ids).map((l) => l.producto));
  const resto = ids.filter((id) => !repetidos.has(id));
  return Array.from({ length: Math.floor(resto.length / LINEAS) }, (_, k) =>
    resto.slice(k * LINEAS, (k + 1) * LINEAS).map((producto, i) => ({ producto, cantidad: cantidadDe(i) })),
  );
}

/** The engine's times over these lines, in a process of its own that runs it bundled (bench/motor-solo.ts). */
function motorSolo(lineas: Array<{ cantidad: number; ofertas: unknown[] }>, fecha: string): number[] {
  // Inside node_modules/.cache, not the system's temp dir: the bundle imports zod from node_modules.
  fs.mkdirSync('node_modules/.cache', { recursive: true });
  const dir = fs.mkdtempSync(path.join('node_modules', '.cache', 'abastece-motor-'));
  try {
    fs.writeFileSync(path.join(dir, 'lineas.json'), JSON.stringify({ fecha, lineas }));
    return JSON.parse(runBundled('bench/motor-solo.ts', dir, [path.join(dir, 'lineas.json')]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The one query, in this process, straight on the database; then the engine alone on what it read. */
async function medirPartes(database: Database, ids: number[], fecha: string) {
  const productos = lineasRepetidas(ids).map((l) => l.producto);
  const consulta: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await findOfertas(database.db, productos);
    consulta.push(performance.now() - t);
  }
  fila('  la consulta de ofertas sola (findOfertas, sin caché)', consulta);
  const ofertas = await findOfertas(database.db, productos);
  const lineas = lineasRepetidas(ids).map((l) => ({ cantidad: l.cantidad, ofertas: ofertas.filter((o) => o.producto_id === l.producto) }));
  fila(`  el motor solo (${LINEAS} líneas, 1.000 veces)`, motorSolo(lineas, fecha));
}

/**
 * The server in its own process (as in production: the client's work is not on its thread), asked
 * over HTTP by one buyer at a time, once it has read the catalogue in (docs/decisions/010). Each
 * of many requests once, every one over other products: what buyers comparing different products
 * see. One request again and again. Then, with `tocar` (a connection of the bench's own to the
 * server's database), each of those many requests again right after a write to its products' offers:
 * the database notifies them, the server forgets them, and reads them again from the database.
 */
async function medirServidor(env: Record<string, string>, ids: number[], fecha: string, escritor?: Escritor) {
  // With its request log: the server's own clock for each comparison (bench/lib.ts tiemposDelServidor).
  const t0 = performance.now();
  const app = startServer(PORT, { ...env, LOG_LEVEL: 'info' }, 'pipe');
  const reloj = tiemposDelServidor(app, '/api/cotizaciones/comparar-precios/');
  const precarga = mensajeDelServidor(app, 'caché de comparación:');
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitUntilUp(`${base}/api/ready`, t0);
    console.log(`  ${await precarga}, terminada ${fmt((performance.now() - t0) / 1000, 1)} s después de lanzar el servidor`);
    const enviar = async (url: string, body: object, clave?: string) => {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(clave ? { 'x-clave-cotizacion': clave } : {}) },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res;
    };
    const _post = async (url: string, body: object, clave?: string) => (await enviar(url, body, clave)).json();
    /** A request of 30 lines with its delivery record: what comparar-precios is asked with. */
    const solicitar = async (productos: Array<{ producto: number; cantidad: number }>) => {
      const { cuerpo, headers } = await solicitudComparable(base, productos, fecha);
      return {
        comparar: () => postBytes(`${base}/api/cotizaciones/comparar-precios/`, cuerpo, headers),
        compararConFetch: async () => (await fetch(`${base}/api/cotizaciones/comparar-precios/`, { method: 'POST', headers, body: cuerpo })).arrayBuffer(),
        /** The bytes on the wire when the client accepts `encoding` (node:http does not inflate them). */
        compararComprimida: (encoding: string) => postBytes(`${base}/api/cotizaciones/comparar-precios/`, cuerpo, { ...headers, 'accept-encoding': encoding }),
      };
    };

    const frias = await Promise.all(lineasFrias(ids).map(solicitar));
    const { comparar: repetida, compararConFetch, compararComprimida } = await solicitar(lineasRepetidas(ids));
    const texto = (await repetida()).toString();
    const muestra = JSON.parse(texto);
    const opciones = muestra.resultados.reduce(
      (n: number, r: { opciones_seleccionadas: unknown[]; opciones_adicionales: unknown[] }) =>
        n + r.opciones_seleccionadas.length + r.opciones_adicionales.length,
      0,
    );
    console.log(
      `  ${LINEAS} líneas, ${fmt(opciones / LINEAS, 1)} ofertas vivas por línea, ${fmt(opciones)} opciones en la respuesta (${fmt(Buffer.byteLength(texto) / 1024)} KB)`,
    );
    const medir = async (comparar: () => Promise<unknown>) => {
      const t = performance.now();
      await comparar();
      return performance.now() - t;
    };
    for (let i = 0; i < 20; i++) await repetida();
    /** The requests' times as the client saw them, and as the server's clock did (its log lines may trail the answers). */
    const medirVarias = async (comparaciones: Array<() => Promise<unknown>>) => {
      const desde = reloj.length;
      const cliente: number[] = [];
      for (const comparar of comparaciones) cliente.push(await medir(comparar));
      for (let t = 0; reloj.length < desde + comparaciones.length && t < 500; t++) await new Promise((r) => setTimeout(r, 10));
      return { cliente, servidor: reloj.slice(desde, desde + comparaciones.length) };
    };
    const distintas = await medirVarias(frias.map((f) => f.comparar));
    fila(`  ${frias.length} peticiones, cada una de otros productos: reloj del servidor`, distintas.servidor);
    fila('    ida y vuelta (cliente node:http)', distintas.cliente);
    const repetidas = await medirVarias(Array.from({ length: PETICIONES }, () => repetida));
    fila(`  una petición ${PETICIONES} veces seguidas: reloj del servidor`, repetidas.servidor);
    fila('    ida y vuelta (cliente node:http)', repetidas.cliente);
    const conFetch = await medirVarias(Array.from({ length: PETICIONES }, () => compararConFetch));
    fila('    ida y vuelta con fetch (lee el cuerpo más lento)', conFetch.cliente);
    // What a phone downloads (goal ≤ 100 KB for 30 lines), and what compressing costs the server.
    for (const encoding of ['br', 'gzip']) {
      const bytes = (await compararComprimida(encoding)).length;
      console.log(`  en el cable aceptando ${encoding}: ${fmt(bytes / 1024, 1)} KB de ${fmt(Buffer.byteLength(texto) / 1024)} KB`);
      const comprimidas = await medirVarias(Array.from({ length: PETICIONES }, () => () => compararComprimida(encoding)));
      fila(`    la misma petición aceptando ${encoding}: reloj del servidor`, comprimidas.servidor);
    }
    if (escritor) {
      const { tocar } = escritor;
      // The write's notification reaches the server a moment after its commit: a short wait, off the clock.
      const tocadas = lineasFrias(ids).map((lineas, k) => async () => {
        await tocar(lineas.map((l) => l.producto));
        await new Promise((r) => setTimeout(r, 20));
        return frias[k]!.comparar();
      });
      const desde = reloj.length;
      for (const tocada of tocadas) await tocada();
      for (let t = 0; reloj.length < desde + tocadas.length && t < 500; t++) await new Promise((r) => setTimeout(r, 10));
      fila('  después de escribir sus ofertas (leídas de la base): reloj del servidor', reloj.slice(desde));
    } else {
      console.log('  después de escribir sus ofertas: solo con DATABASE_URL (la base embebida es del proceso del servidor)');
    }

    const parseo: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      JSON.parse(texto);
      parseo.push(performance.now() - t);
    }
    fila('  el cliente parsea la respuesta (no cuenta arriba)', parseo);
    // What the route no longer does (docs/decisions/006): a zod pass over the answer before sending.
    const zod: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      compararPreciosSchemaOut.parse(muestra);
      zod.push(performance.now() - t);
    }
    fila('  validar la respuesta con zod (ya no se hace)', zod);

    // Last: the terms stay for the rest of this server's life.
    if (escritor && process.env.BENCH_COMPARACION_CONDICIONES !== '0') {
      await medirConCondiciones(
        escritor.darCondiciones,
        frias.map((f) => f.comparar),
        medirVarias,
      );
    } else if (!escritor) {
      console.log('\ncomparar-precios con condiciones: solo con DATABASE_URL (las condiciones se escriben desde otro proceso)');
    }
  } finally {
    closeConnections();
    await stop(app);
  }
}

interface RespuestaConDespacho {
  optimo: boolean;
  diferencia_maxima: number | null;
  total_despacho: number;
  proveedores: Array<{ monto_minimo: number; costo_despacho: number }>;
}

/**
 * The server's requests over other products each (medirServidor's), once half the
 * suppliers have delivery terms. The terms are written from another process; the triggers'
 * notifications make the server's cache forget every product, and one pass off the clock reads
 * them again (and starts the solver's worker thread and HiGHS). Then each request is measured
 * PASADAS_CONDICIONES times: the server's clock, the round trip, and the answers' `optimo`.
 */
async function medirConCondiciones(
  darCondiciones: () => Promise<number>,
  comparaciones: Array<() => Promise<Buffer>>,
  medirVarias: (comparaciones: Array<() => Promise<unknown>>) => Promise<{ cliente: number[]; servidor: number[] }>,
) {
  const conCondiciones = await darCondiciones();
  // The notifications reach the server a moment after the commit: a short wait, off the clock.
  await new Promise((r) => setTimeout(r, 500));
  const leer = (cuerpo: Buffer) => JSON.parse(cuerpo.toString()) as RespuestaConDespacho;
  const conTerminos = (r: RespuestaConDespacho) => r.proveedores.some((p) => p.monto_minimo > 0 || p.costo_despacho > 0);
  // Through medirVarias, which waits for their log lines: none of them is counted below.
  const primeras: Buffer[] = [];
  const lectura = await medirVarias(comparaciones.map((comparar) => async () => primeras.push(await comparar())));
  if (!primeras.map(leer).some(conTerminos)) throw new Error('comparar-precios no aplicó las condiciones de despacho escritas');
  const cuerpos: Buffer[] = [];
  const medidas = await medirVarias(
    Array.from({ length: PASADAS_CONDICIONES }, () => comparaciones)
      .flat()
      .map((comparar) => async () => cuerpos.push(await comparar())),
  );
  const respuestas = cuerpos.map(leer);
  const optimas = respuestas.filter((r) => r.optimo).length;
  const s = [...medidas.servidor].sort((a, b) => a - b);
  console.log(
    `\ncomparar-precios con condiciones (200 proveedores, ${conCondiciones} con mínimo y despacho): ` +
      `p50 ${fmt(percentil(s, 50), 1)} ms, p99 ${fmt(percentil(s, 99), 1)} ms, óptimo probado ${fmt((optimas / respuestas.length) * 100, 1)} %`,
  );
  fila(`  ${comparaciones.length} peticiones × ${PASADAS_CONDICIONES}, cada una de otros productos: reloj del servidor`, medidas.servidor);
  fila('    ida y vuelta (cliente node:http)', medidas.cliente);
  fila('  la primera pasada (lee de la base, arranca el hilo): reloj del servidor', lectura.servidor);
  console.log(
    `  máx ${fmt(s.at(-1)!, 1)} ms; ${fmt(optimas)} de ${fmt(respuestas.length)} respuestas con optimo: true; ` +
      `por canasta ${fmt(respuestas.reduce((n, r) => n + r.proveedores.length, 0) / respuestas.length, 1)} proveedores, ` +
      `despacho medio $${fmt(respuestas.reduce((n, r) => n + r.total_despacho, 0) / respuestas.length)}`,
  );
  const diferencias = respuestas.flatMap((r) => (r.optimo ? [] : [r.diferencia_maxima]));
  if (diferencias.length > 0) {
    const conCota = diferencias.filter((d) => d !== null);
    console.log(
      `  no probadas: ${fmt(diferencias.length)}; dicen estar a lo más (diferencia_maxima) ` +
        (conCota.length ? `$${fmt(Math.max(...conCota))}` : '—') +
        ` sobre el óptimo${conCota.length < diferencias.length ? ` (${fmt(diferencias.length - conCota.length)} sin cota)` : ''}`,
    );
  }
}

async function medir(open: () => Promise<Database>, env: Record<string, string>, motor: string, escritor?: Escritor) {
  const t0 = performance.now();
  const database = await open();
  await prepareDatabase(database, { seedDemo: false });
  await generarCatalogo(database);
  const [conteo] = await queryRows<{ ofertas: number; lotes: number }>(
    database.db,
    sql`SELECT (SELECT count(*) FROM proveedor_producto)::int AS ofertas, (SELECT count(*) FROM lote)::int AS lotes`,
  );
  console.log(
    `\ncomparar-precios en ${motor}: ${fmt(conteo!.ofertas)} ofertas, ${fmt(conteo!.lotes)} lotes (generados en ${fmt((performance.now() - t0) / 1000, 1)} s)`,
  );
  // The numbers mean little on a busy machine: say how busy it was.
  console.log(
    `  carga del equipo al medir: ${os
      .loadavg()
      .map((x) => fmt(x, 1))
      .join(' / ')} (1, 5, 15 min) en ${os.cpus().length} núcleos`,
  );
  const ids = (await queryRows<{ id: number }>(database.db, sql`SELECT id FROM producto WHERE nombre LIKE 'Producto bench %' ORDER BY id`)).map((r) => r.id);
  const fecha = sumarDias(hoyEnChile(), 7);
  try {
    await medirPartes(database, ids, fecha);
  } finally {
    // The embedded database has one owner at a time: the server's process, next.
    await database.close();
  }
  await medirServidor(env, ids, fecha, escritor);
}

if (databaseUrl) {
  const name = `abastece_bench_cmp_${process.pid}`;
  await admin(`CREATE DATABASE ${name}`);
  try {
    const url = withDatabase(databaseUrl, name);
    const otroProceso = new pg.Client({ connectionString: url });
    await otroProceso.connect();
    // A write as any process makes one: migration 0009's triggers notify each of these products.
    const tocar = async (productos: number[]) => {
      await otroProceso.query('UPDATE proveedor_producto SET tarifa = tarifa WHERE producto_id = ANY($1)', [productos]);
    };
    // Half the suppliers' delivery terms, as the supplier's screen saves them: migration 0013's triggers notify.
    // Seeded in this session, so every run draws the same terms (runs of two versions compare).
    const darCondiciones = async () => {
      await otroProceso.query('SELECT setseed(0.5)');
      return (await otroProceso.query(DAR_CONDICIONES)).rowCount ?? 0;
    };
    try {
      await medir(async () => openPostgres(url), { DATABASE_URL: url }, 'PostgreSQL', { tocar, darCondiciones });
    } finally {
      await otroProceso.end();
    }
  } finally {
    // BENCH_COMPARACION_CONSERVAR=1 keeps the catalogue to look at query plans (EXPLAIN ANALYZE).
    if (process.env.BENCH_COMPARACION_CONSERVAR) console.log(`  base conservada: ${name}`);
    else await dropDatabase(databaseUrl!, name);
  }
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abastece-bench-cmp-'));
  try {
    await medir(() => openDatabase({ dataDir }), { DATA_DIR: dataDir }, 'la base embebida');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
