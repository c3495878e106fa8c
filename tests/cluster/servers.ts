import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { adminQuery, dropDatabase, withDatabase } from '#server/test/template-db';

/**
 * The cluster's pieces: a scratch database on the PostgreSQL server of DATABASE_URL (never the
 * database it names), and N built servers on it, each with its own port and DATA_DIR, as README
 * §Escalar runs them (NODE_ENV=production, one JWT_SECRET, one DATABASE_URL).
 */

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(databaseUrl: string): Promise<ScratchDatabase> {
  const name = `abastece_cluster_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(databaseUrl, `CREATE DATABASE ${name}`);
  return {
    url: withDatabase(databaseUrl, name),
    // A server that did not close cleanly may still hold a connection: dropDatabase ends it.
    drop: () => dropDatabase(databaseUrl, name),
  };
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Server {
  name: string;
  url: string;
  dataDir: string;
  mailDir: string;
  logFile: string;
  child: ChildProcess;
  /** SIGTERM (a graceful close), then SIGKILL if it has not exited in 10 s. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  name: string;
  port: number;
  dataDir: string;
  databaseUrl: string;
  jwtSecret: string;
}

/** `node dist/server/main.js`, what `npm start` runs after building, with its log in DATA_DIR/server.log. */
export function startServer({ name, port, dataDir, databaseUrl, jwtSecret }: ServerOptions): Server {
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    // The run sends a few thousand requests from one address in a minute.
    RATE_LIMIT_PER_MINUTE: '1000000',
    // As behind the balancer of the README: each buyer's address comes in X-Forwarded-For (an
    // order without an account is capped per IP: docs/decisions/007).
    TRUST_PROXY: '1',
  };
  // Without SMTP each e-mail becomes a file in DATA_DIR/mail: what check (d) counts.
  delete env.SMTP_URL;
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: ['ignore', log, log], env });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    url,
    dataDir,
    mailDir: path.join(dataDir, 'mail'),
    logFile,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Until the server answers GET /api/ready with 200. A server without that endpoint (404) is
 * taken as up when GET /api/health/ answers 200; a 503 from /api/ready is waited out.
 */
export async function waitReady(server: Server, timeoutMs = 60_000): Promise<'ready' | 'health'> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`${server.name} exited with ${server.child.exitCode}:\n${tail(server.logFile)}`);
    try {
      const ready = await fetch(`${server.url}/api/ready`);
      await ready.arrayBuffer();
      if (ready.status === 200) return 'ready';
      last = `/api/ready ${ready.status}`;
      if (ready.status === 404) {
        const health = await fetch(`${server.url}/api/health/`);
        await health.arrayBuffer();
        if (health.status === 200) return 'health';
        last = `/api/health/ ${health.status}`;
      }
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${server.name} not ready after ${timeoutMs} ms (${last}):\n${tail(server.logFile)}`);
}

/** The last lines of a log, to show why a server failed. */
export function tail(file: string, lines = 30): string {
  if (!fs.existsSync(file)) return '(no log)';
  return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}
