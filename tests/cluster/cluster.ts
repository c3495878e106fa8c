// `npm run test:cluster`: two built servers, each with its own port and DATA_DIR, on
// one PostgreSQL database and one JWT_SECRET, as README §Escalar runs N of them behind a balancer.
// Through the HTTP API only (plus `npm run create-user` for the moderator, as an operator does; the
// database is only read, to count), it checks that (a) tokens are the cluster's, (b) a catalogue
// change made through one process shows in the other's very next comparison, (c) 100 buyers on
// both at once oversell nothing, (e) a pedido's state change racing on both has one winner,
// (d) every outbox e-mail is sent exactly once, and (f) a SIGTERM answers all 40 requests sent
// around it. Exits non-zero when any check fails.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createMailbox, type Mailbox, createCuenta, inPool } from './api';
import { failed, note, section } from './report';
import { checkCierre } from './cierre';
import { createScratchDatabase, freePort, type ScratchDatabase, type Server, startServer, tail, waitReady } from './servers';
import { checkComparacion, createCatalogo } from './comparacion';
import { checkCorreo } from './correo';
import { checkOrdenDoble, checkOrdenes } from './ordenes';
import { checkPedidos } from './pedidos';
import { checkTokens } from './tokens';

export interface Cluster {
  a: Server;
  b: Server;
  /** The scratch database, read to count what the API did. */
  db: pg.Pool;
  mailbox: Mailbox;
  moderador: { email: string; password: string };
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    'test:cluster needs PostgreSQL: set DATABASE_URL (e.g. postgres://abastece:abastece@127.0.0.1:5432/abastece); a scratch database is created on that server and dropped afterwards.',
  );
  process.exit(1);
}

const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const runDir = path.resolve(`.tmp/cluster/${process.pid}`);
let scratch: ScratchDatabase | undefined;
const servers: Server[] = [];
let pool: pg.Pool | undefined;

/** Both servers stopped and the scratch database dropped, whatever happened before. */
async function cleanUp(): Promise<void> {
  await Promise.allSettled(servers.map((s) => s.stop()));
  await pool?.end().catch(() => {});
  await scratch?.drop().catch((error: Error) => console.error(`could not drop the scratch database: ${error.message}`));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers`);
    void cleanUp().finally(() => process.exit(1));
  });
}
// Last resort (an exit nobody awaited): never leave a server running.
process.once('exit', () => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
});

async function run(): Promise<void> {
  section('building (npm run build) and starting two servers on one scratch database');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');

  fs.rmSync(runDir, { recursive: true, force: true });
  scratch = await createScratchDatabase(databaseUrl!);
  const moderador = { email: `moderador.${process.pid}@prueba.cl`, password: 'moderacion-cluster-2026' };
  // How moderators come to exist: the operator's CLI (it also migrates the new database).
  const created = spawnSync('npm', ['run', '-s', 'create-user', '--', '--email', moderador.email, '--password', moderador.password, '--role', 'moderador'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: scratch.url, DATA_DIR: path.join(runDir, 'cli') },
  });
  if (created.status !== 0) throw new Error('npm run create-user failed');

  const jwtSecret = randomBytes(32).toString('hex');
  const [portA, portB] = [await freePort(), await freePort()];
  const a = startServer({ name: 'A', port: portA, dataDir: path.join(runDir, 'a'), databaseUrl: scratch.url, jwtSecret });
  servers.push(a);
  const b = startServer({ name: 'B', port: portB, dataDir: path.join(runDir, 'b'), databaseUrl: scratch.url, jwtSecret });
  servers.push(b);
  const [readyA, readyB] = await Promise.all([waitReady(a), waitReady(b)]);
  note(
    `A on ${a.url} (${readyA === 'ready' ? '/api/ready' : '/api/health/, no /api/ready'}), B on ${b.url} (${readyB === 'ready' ? '/api/ready' : '/api/health/'}), after ${seconds()}`,
  );

  pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  const cluster: Cluster = { a, b, db: pool, mailbox: createMailbox([a.mailDir, b.mailDir]), moderador };

  // Buyers with accounts: [0] for (a), [1] compares in (b), the other 30 order in (c).
  const t0 = performance.now();
  const cuentas = await inPool(Array.from({ length: 32 }), 8, (_, i) => createCuenta(cluster.mailbox, 'comprador', i % 2 ? a : b, i % 2 ? b : a));
  note(`${cuentas.length} buyers signed up and activated in ${Math.round(performance.now() - t0)} ms`);

  await checkTokens(cluster, cuentas[0]!);
  const catalogo = await createCatalogo(cluster);
  await checkComparacion(cluster, catalogo, cuentas[1]!);
  const { comprados, solicitud } = await checkOrdenes(cluster, catalogo, cuentas.slice(2));
  await checkOrdenDoble(cluster, catalogo.pendientes[0]!.id, cuentas[1]!);
  await checkPedidos(cluster, catalogo, comprados, solicitud);
  // Every request above wrote e-mails.
  await checkCorreo(cluster);
  // Last: it stops B.
  await checkCierre(cluster, catalogo);
}

let error: unknown;
try {
  await run();
} catch (e) {
  error = e;
} finally {
  await cleanUp();
}
section(`done in ${seconds()}`);
if (error) {
  console.error(`✗ the run stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  for (const s of servers) console.error(`--- ${s.name} log (${s.logFile}):\n${tail(s.logFile)}`);
}
if (error || failed().length > 0) {
  for (const f of failed()) console.error(`✗ ${f}`);
  console.error(`test:cluster FAILED; the servers' data and logs are under ${runDir}`);
  process.exit(1);
}
fs.rmSync(runDir, { recursive: true, force: true });
console.log('test:cluster passed');
