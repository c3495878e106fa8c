/**
 * "ten times the catalogue": 20,000 products × 50 offers = 1,000,000 offers and
 * 2,000,000 lots on PostgreSQL (docs/decisions/015). What it costs the server to hold the whole live
 * catalogue for comparisons (preload time, memory) and what a comparison of 30 random products
 * takes then (the server's own clock). Goals: ≤ 300 MB of heap, preloaded in ≤ 10 s, p50 ≤ 15 ms
 * and p99 ≤ 50 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { hoyEnChile, sumarDias } from '#common/fecha';
import { type Database, openPostgres, queryRows } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { createComparacionCache } from '#server/modules/comparacion/cache/comparacion-cache';
import { withDatabase } from '#server/test/template-db';
import { generarCatalogo } from './catalogo-bench';
import {
  adminQuery,
  dropDatabase,
  closeConnections,
  fmt,
  mensajeDelServidor,
  postBytes,
  solicitudComparable,
  startServer,
  stop,
  tiemposDelServidor,
  waitUntilUp,
} from './lib';

const PRODUCTOS = 20_000;
const LINEAS = 30;
const PORT = 8798;
const PETICIONES = Number(process.env.BENCH_10X_PETICIONES ?? 200);
const METRICS_TOKEN = 'token-de-metricas-del-bench-10x';
const databaseUrl = process.env.DATABASE_URL;
/** A database this bench generated and kept (BENCH_10X_CONSERVAR=1): measured again without generating it. */
const baseExistente = process.env.BENCH_10X_BASE;

const percentil = (ms: number[], p: number) => {
  const s = [...ms].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const fila = (label: string, ms: number[]) =>
  console.log(`${label.padEnd(60)} p50 ${fmt(percentil(ms, 50), 2).padStart(7)} ms   p99 ${fmt(percentil(ms, 99), 2).padStart(7)} ms`);
const carga = () =>
  `carga del equipo: ${os
    .loadavg()
    .map((x) => fmt(x, 1))
    .join(' / ')} (1, 5, 15 min) en ${os.cpus().length} núcleos`;
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`;

/** A small PRNG with a fixed seed: the same "random" products every run, so runs compare. */
function aleatorio(semilla: number) {
  let s = semilla >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * The cache alone in this process, on the same database: its preload and what it holds once the
 * garbage of reading is collected (heap plus the typed arrays' buffers, which V8 keeps outside it).
 */
async function medirCacheSola(database: Database) {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const memoria = () => {
    gc();
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const antes = memoria();
  const cache = createComparacionCache(database);
  const t = performance.now();
  await (await cache.start()).preloading;
  const ms = performance.now() - t;
  const { productos, entries } = cache.size();
  console.log(
    `  la caché sola, en este proceso: ${fmt(productos)} productos, ${fmt(entries)} ofertas precargadas en ${fmt(ms / 1000, 1)} s; ` +
      `ocupa ${mb(memoria() - antes)} (heap + buffers, tras recolectar)`,
  );
  await cache.stop();
}

/** One series of the server's GET /metrics, by its name and labels as written there. */
async function metrica(base: string, nombre: string): Promise<number | undefined> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) return undefined;
  const linea = (await res.text()).split('\n').find((l) => l.startsWith(`${nombre} `));
  return linea === undefined ? undefined : Number(linea.split(' ').at(-1));
}

/**
 * The built server in its own process: from launch until GET /api/ready answers 200 (listening and
 * preloaded: the cache's log line is printed if it comes, but not waited for), its memory then, and
 * PETICIONES comparisons of 30 random products each, every one a request of its own.
 */
async function medirServidor(url: string, ids: number[], fecha: string) {
  const t0 = performance.now();
  const app = startServer(PORT, { DATABASE_URL: url, LOG_LEVEL: 'info', METRICS_TOKEN }, 'pipe');
  const reloj = tiemposDelServidor(app, '/api/cotizaciones/comparar-precios/');
  // Printed when it comes, never waited for past a moment: a preload stopped by the bound does not log it.
  const mensaje = mensajeDelServidor(app, 'caché de comparación:').catch(() => undefined);
  const base = `http://127.0.0.1:${PORT}`;
  try {
    const listo = await waitUntilUp(`${base}/api/ready`, t0, 300_000);
    console.log(`  servidor listo (GET /api/ready = 200, precarga incluida) ${fmt(listo / 1000, 1)} s después de lanzarlo`);
    const log = await Promise.race([mensaje, new Promise<undefined>((r) => setTimeout(r, 1_000))]);
    if (log) console.log(`    su log: ${log}`);
    const vmRss = fs
      .readFileSync(`/proc/${app.pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    const [heap, externa] = [await metrica(base, 'nodejs_heap_size_used_bytes'), await metrica(base, 'nodejs_external_memory_bytes')];
    console.log(
      `  memoria del servidor tras la precarga: RSS ${vmRss ? mb(Number(vmRss.split(/\s+/)[1]) * 1024) : '?'}, ` +
        `heap usado ${heap === undefined ? '?' : mb(heap)}, externa ${externa === undefined ? '?' : mb(externa)} (sin forzar la recolección)`,
    );

    const azar = aleatorio(23);
    const solicitar = async () => {
      const elegidos = new Set<number>();
      while (elegidos.size < LINEAS) elegidos.add(ids[Math.floor(azar() * ids.length)]!);
      const productos = [...elegidos].map((producto, i) => ({ producto, cantidad: 100 + ((i * 397) % 1401) }));
      const { cuerpo, headers } = await solicitudComparable(base, productos, fecha);
      return () => postBytes(`${base}/api/cotizaciones/comparar-precios/`, cuerpo, headers);
    };
    const calentar = await Promise.all(Array.from({ length: 20 }, solicitar));
    const comparaciones = await Promise.all(Array.from({ length: PETICIONES }, solicitar));
    // Off the clock: the first comparisons start the solver's worker and warm the code up.
    for (const comparar of calentar) await comparar();
    const desde = reloj.length;
    const cliente: number[] = [];
    let bytes = 0;
    for (const comparar of comparaciones) {
      const t = performance.now();
      bytes += (await comparar()).length;
      cliente.push(performance.now() - t);
    }
    for (let t = 0; reloj.length < desde + comparaciones.length && t < 500; t++) await new Promise((r) => setTimeout(r, 10));
    console.log(`  ${fmt(PETICIONES)} peticiones de ${LINEAS} productos al azar (cada una la suya; ${fmt(bytes / PETICIONES / 1024)} KB por respuesta)`);
    fila('    reloj del servidor', reloj.slice(desde, desde + comparaciones.length));
    fila('    ida y vuelta (cliente node:http)', cliente);
    const [ofertas, aciertos, fallos] = [
      await metrica(base, 'abastece_cache_comparacion_entradas{tipo="ofertas"}'),
      await metrica(base, 'abastece_cache_comparacion_lecturas_total{resultado="hit"}'),
      await metrica(base, 'abastece_cache_comparacion_lecturas_total{resultado="miss"}'),
    ];
    console.log(
      `    caché: ${fmt(ofertas ?? 0)} ofertas; desde que partió, ${fmt(aciertos ?? 0)} productos desde memoria y ${fmt(fallos ?? 0)} leídos de la base (la precarga incluida)`,
    );
    console.log(`  ${carga()}`);
  } finally {
    closeConnections();
    await stop(app);
  }
}

if (!databaseUrl) {
  console.log('\ncomparar-precios con 10 veces el catálogo: solo con DATABASE_URL (PostgreSQL)');
} else {
  const name = baseExistente ?? `abastece_bench_10x_${process.pid}`;
  if (!baseExistente) await adminQuery(databaseUrl, `CREATE DATABASE ${name}`);
  try {
    const url = withDatabase(databaseUrl, name);
    const t0 = performance.now();
    const database = await openPostgres(url);
    let ids: number[];
    try {
      if (!baseExistente) {
        await prepareDatabase(database, { seedDemo: false });
        await generarCatalogo(database, { productos: PRODUCTOS });
      }
      const [conteo] = await queryRows<{ ofertas: number; lotes: number }>(
        database.db,
        sql`SELECT (SELECT count(*) FROM proveedor_producto)::int AS ofertas, (SELECT count(*) FROM lote)::int AS lotes`,
      );
      console.log(
        `\ncomparar-precios con 10 veces el catálogo, PostgreSQL: ${fmt(PRODUCTOS)} productos, ${fmt(conteo!.ofertas)} ofertas, ${fmt(conteo!.lotes)} lotes ` +
          (baseExistente ? `(base existente ${baseExistente})` : `(generados en ${fmt((performance.now() - t0) / 1000, 1)} s)`),
      );
      console.log(`  ${carga()}`);
      ids = (await queryRows<{ id: number }>(database.db, sql`SELECT id FROM producto WHERE nombre LIKE 'Producto bench %' ORDER BY id`)).map((r) => r.id);
      await medirCacheSola(database);
    } finally {
      await database.close();
    }
    const fecha = sumarDias(hoyEnChile(), 7);
    await medirServidor(url, ids, fecha);
  } finally {
    if (process.env.BENCH_10X_CONSERVAR || baseExistente) console.log(`  base conservada: ${name}`);
    else await dropDatabase(databaseUrl, name);
  }
}
