// Restarts right after a crash: the built server on the embedded database is
// killed with `kill -9` and started again at once, 18 times, while the killed one is still a
// zombie: its parent does not wait for it, as a supervisor busy for a moment does not (the issue
// saw 9 of 18 restarts refused). Prints how many restarts came up and how long each took from the
// kill to its first answer. Needs dist/server (`node scripts/build-server.mjs`); BENCH_SERVIDOR=<main.js>
// measures another build, e.g. one from an earlier commit: a before/after.
import fs from 'node:fs';
import path from 'node:path';
import { processState, startUnreaped, waitForZombie } from '#server/db/test/unreaped';
import { fmt } from './lib';

const RONDAS = Number(process.env.BENCH_REINICIO_RONDAS ?? 18);
const PORT = 8798;
const SERVIDOR = process.env.BENCH_SERVIDOR ?? 'dist/server/main.js';
if (!fs.existsSync(SERVIDOR)) throw new Error(`${SERVIDOR} no existe: corre \`node scripts/build-server.mjs\` antes`);
if (processState(process.pid) === null) throw new Error('este bench lee /proc (Linux): sin él no hay cómo dejar un zombi a la vista');

fs.mkdirSync('.tmp', { recursive: true });
const dataDir = fs.mkdtempSync(path.resolve('.tmp/bench-reinicio-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(PORT),
  SEED_DEMO: '0',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'secreto-de-benchmark-con-mas-de-32-caracteres',
};

interface Servidor {
  pid: number;
  stop: () => void;
}

/** Starts the server through a parent that never waits for it; resolves when it answers, or null if it died first (its stderr says why). */
async function arrancar(): Promise<Servidor | null> {
  const { parent, lines } = startUnreaped(SERVIDOR, [], env);
  const pid = await new Promise<number>((r) => lines.once('line', (l) => r(Number(l.split(' ')[1]))));
  const stop = () => {
    if (![null, 'Z'].includes(processState(pid))) process.kill(pid, 'SIGKILL');
    parent.kill('SIGKILL');
  };
  for (;;) {
    const estado = processState(pid);
    if (estado === null || estado === 'Z') {
      stop();
      return null;
    }
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health/`)).ok) return { pid, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

const zombis: Servidor[] = [];
try {
  let actual = await arrancar(); // the first start migrates a new directory: not measured
  if (!actual) throw new Error('el servidor no partió');
  const ms: number[] = [];
  let rechazados = 0;
  for (let ronda = 0; ronda < RONDAS; ronda++) {
    process.kill(actual.pid, 'SIGKILL');
    const t = performance.now();
    await waitForZombie(actual.pid);
    zombis.push(actual);
    const siguiente = await arrancar();
    if (!siguiente) {
      rechazados++;
      // The supervisor's next try, once the zombie is reaped: the rounds go on.
      for (const z of zombis.splice(0)) {
        z.stop();
        while (processState(z.pid) !== null) await new Promise((r) => setTimeout(r, 20));
      }
      actual = await arrancar();
      if (!actual) throw new Error('el servidor no partió ni sin zombi');
      continue;
    }
    ms.push(performance.now() - t);
    // Its zombie has served: the supervisor gets round to it.
    for (const z of zombis.splice(0)) z.stop();
    actual = siguiente;
  }
  actual.stop();
  const s = [...ms].sort((a, b) => a - b);
  console.log(`\nReinicio tras kill -9, con el proceso muerto aún zombi (${SERVIDOR}, base embebida)`);
  console.log(
    `  ${RONDAS} reinicios: ${RONDAS - rechazados} partieron, ${rechazados} rechazados` +
      (s.length ? `; del kill a la primera respuesta p50 ${fmt(s[Math.floor(s.length / 2)]! / 1000, 2)} s, máx ${fmt(s.at(-1)! / 1000, 2)} s` : ''),
  );
} finally {
  for (const z of zombis) z.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
