// The authenticated hot path on PostgreSQL: GET /auth/users/me/
// and POST /auth/jwt/verify/ under load, next to a bare Fastify route doing the same primary-key
// lookup with the same driver (the floor), in the same run; each as a percentage of the floor.
// Needs DATABASE_URL: it creates a scratch database on that server and drops it afterwards;
// without it, it says so and skips.
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '#server/db/seed/demo-catalogo';
import { withDatabase } from '#server/test/template-db';
import { adminQuery, dropDatabase, fmt, node, stop, waitUntilUp } from './lib';

const PORT = 8793;
const FLOOR_PORT = 8794;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const databaseUrl = process.env.DATABASE_URL;

const admin = (query: string) => adminQuery(databaseUrl!, query);

const ROUNDS = 3;
/** POST /auth/jwt/verify/ at this share of the floor's req/s, or better. */
const VERIFY_GOAL_PCT = 80;

interface Summary {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
/** Several autocannon runs of one path as one: requests over time, the worst round's latencies. */
const combine = (rs: autocannon.Result[]): Summary => ({
  rps: rs.reduce((n, r) => n + r.requests.total, 0) / rs.reduce((s, r) => s + r.duration, 0),
  p50: Math.max(...rs.map((r) => r.latency.p50)),
  p99: Math.max(...rs.map((r) => r.latency.p99)),
  errors: rs.reduce((n, r) => n + r.errors + r.non2xx, 0),
});
const row = (label: string, r: Summary) =>
  console.log(`${label.padEnd(52)} ${fmt(r.rps).padStart(8)} req/s   p50 ${fmt(r.p50, 1)} ms   p99 ${fmt(r.p99, 1)} ms   errores ${r.errors}`);

if (!databaseUrl) {
  console.log('\nRuta autenticada: se omite (mide PostgreSQL; define DATABASE_URL para medirla).');
} else {
  const name = `abastece_bench_${process.pid}`;
  const url = withDatabase(databaseUrl, name);
  await admin(`CREATE DATABASE ${name}`);
  const env = {
    DATABASE_URL: url,
    PORT: String(PORT),
    SEED_DEMO: '1',
    RATE_LIMIT_PER_MINUTE: '100000000',
    JWT_SECRET: 'secreto-de-benchmark-con-mas-de-32-caracteres',
    NODE_ENV: 'production',
  };
  const app = node('server/main.ts', env);
  const floor = node('bench/auth-floor-server.ts', { DATABASE_URL: url, PORT: String(FLOOR_PORT) });
  try {
    await waitUntilUp(`http://127.0.0.1:${PORT}/api/health/`, performance.now());
    const login = await fetch(`http://127.0.0.1:${PORT}/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'comprador@abastece.cl', password: DEMO_PASSWORD }),
    });
    const { access } = (await login.json()) as { access: string };
    const { id } = (await (await fetch(`http://127.0.0.1:${PORT}/auth/users/me/`, { headers: { authorization: `JWT ${access}` } })).json()) as { id: number };
    await waitUntilUp(`http://127.0.0.1:${FLOOR_PORT}/usuario/${id}`, performance.now());

    const targets: Record<'me' | 'verify' | 'base', autocannon.Options> = {
      me: { url: `http://127.0.0.1:${PORT}/auth/users/me/`, headers: { authorization: `JWT ${access}` } },
      verify: {
        url: `http://127.0.0.1:${PORT}/auth/jwt/verify/`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: access }),
      },
      base: { url: `http://127.0.0.1:${FLOOR_PORT}/usuario/${id}` },
    };
    const load = (opts: autocannon.Options, duration: number) => autocannon({ connections: CONNECTIONS, duration, ...opts });
    // Warm each path (JIT, pool connections) before measuring any.
    for (const opts of Object.values(targets)) await load(opts, 2);

    // Rounds in turn, so a change in the machine's load falls on all three alike.
    console.log(`\nRuta autenticada en PostgreSQL (${CONNECTIONS} conexiones, ${ROUNDS} turnos de ${fmt(DURATION_S / ROUNDS, 1)} s cada uno)`);
    const runs: Record<keyof typeof targets, autocannon.Result[]> = { me: [], verify: [], base: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const key of Object.keys(targets) as (keyof typeof targets)[]) runs[key].push(await load(targets[key], DURATION_S / ROUNDS));
    }
    const [me, verify, base] = [runs.me, runs.verify, runs.base].map(combine) as [Summary, Summary, Summary];
    row('  GET /auth/users/me/', me);
    row('  POST /auth/jwt/verify/', verify);
    row('  piso: Fastify pelado, misma consulta por id (pg)', base);
    // With the sessions in memory (sesion-cache.ts) verify makes no database
    // round trip, so it should reach at least 80 % of a floor that makes one.
    const pct = (r: Summary) => `${fmt((100 * r.rps) / base.rps)} %`;
    console.log(`  me / piso: ${pct(me)}   verify / piso: ${pct(verify)} (meta: verify ≥ ${VERIFY_GOAL_PCT} % del piso)`);
  } finally {
    await stop(floor);
    await stop(app);
    await dropDatabase(databaseUrl!, name);
  }
}
