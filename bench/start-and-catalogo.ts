// Cold and warm start to the first answered request, then GET consolidated-data under load
// next to a bare Fastify route serving the same bytes from memory (the floor).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '#server/db/client';
import { fmt, node, stop, waitUntilUp } from './lib';

const PORT = 8791;
const FLOOR_PORT = 8792;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abastece-bench-'));
const health = `http://127.0.0.1:${PORT}/api/health/`;
const catalogo = `http://127.0.0.1:${PORT}/api/productos/consolidated-data/`;

async function timedStart(label: string) {
  const t0 = performance.now();
  const child = node('dist/server/main.js', { PORT: String(PORT), DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '10000000' });
  const ms = await waitUntilUp(health, t0);
  console.log(`${label.padEnd(52)} ${fmt(ms).padStart(8)} ms`);
  return child;
}

const load = (url: string) => autocannon({ url, connections: 10, duration: DURATION_S, headers: { accept: 'application/json' } });

try {
  console.log('Partida (proceso nuevo hasta la primera respuesta de /api/health/)');
  await stop(await timedStart('  en frío: directorio nuevo, migrar y sembrar demo'));
  const app = await timedStart('  en caliente: directorio existente');

  const floor = node('bench/floor-server.ts', { PORT: String(FLOOR_PORT), SOURCE_URL: catalogo });
  await waitUntilUp(`http://127.0.0.1:${FLOOR_PORT}/api/productos/consolidated-data/`, performance.now());
  const size = (await (await fetch(catalogo)).text()).length;
  console.log(`\nGET /api/productos/consolidated-data/ (${fmt(size / 1024)} KB, 10 conexiones, ${DURATION_S} s)`);
  const real = await load(catalogo);
  const base = await load(`http://127.0.0.1:${FLOOR_PORT}/api/productos/consolidated-data/`);
  for (const [label, r] of [
    ['  Abastece (caché + ETag, helmet, rate limit)', real],
    ['  piso: Fastify pelado, mismo JSON en memoria', base],
  ] as const) {
    console.log(
      `${label.padEnd(52)} ${fmt(r.requests.average).padStart(8)} req/s   p50 ${fmt(r.latency.p50, 1)} ms   p99 ${fmt(r.latency.p99, 1)} ms   errores ${r.errors + r.non2xx}`,
    );
  }
  console.log(`  razón Abastece / piso: ${fmt(real.requests.average / base.requests.average, 2)}`);
  await stop(floor);
  await stop(app);

  // The embedded engine alone, reopening the directory the server just closed.
  const opens: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const database = await openDatabase({ dataDir });
    await database.migrate();
    opens.push(performance.now() - t0);
    await database.close();
  }
  console.log(`\nBase embebida: abrir y verificar migraciones en un directorio existente: ${opens.map((ms) => fmt(ms)).join(' / ')} ms`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
