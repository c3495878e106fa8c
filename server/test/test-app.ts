import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '#server/app';
import { parseConfig } from '#server/config';
import { type Database, openEmbedded, openPostgres } from '#server/db/client';
import { DEMO_PASSWORD } from '#server/db/seed/demo-catalogo';
import { type RoleName, tokensByRole } from './roles';
import { adminQuery, dropDatabase, TEMPLATE_FILE, templateDbName, withDatabase } from './template-db';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Sends a request in-process; `token` adds `Authorization: JWT <token>`. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Access token of a demo account (the seed's one per role). */
  tokenFor(email: string, password?: string): Promise<string>;
  /** Resolves once the app has heard every NOTIFY committed before the call (see `notifyDelayMs`). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

let copies = 0;

/**
 * A fresh copy of the seeded template database (embedded, or PostgreSQL when DATABASE_URL is set)
 * and the app on it. `notifyDelayMs` holds each NOTIFY the app hears back that long: the embedded
 * engine hands one over with the statement that commits it, PostgreSQL a moment later; delayed, a
 * write that answers before the comparison cache applied it shows on both.
 */
export async function createTestApp(env: Record<string, string> = {}, { notifyDelayMs = 0 } = {}): Promise<TestApp> {
  const runId = inject('templateRunId');
  const databaseUrl = process.env.DATABASE_URL;
  let database: Database;
  let drop = async () => {};
  if (databaseUrl) {
    const name = `abastece_t${process.pid}x${copies++}_${runId}`;
    await adminQuery(databaseUrl, `CREATE DATABASE ${name} TEMPLATE ${templateDbName(runId)}`);
    database = openPostgres(withDatabase(databaseUrl, name));
    drop = () => dropDatabase(databaseUrl, name);
  } else {
    const blob = new Blob([fs.readFileSync(TEMPLATE_FILE)]);
    database = openEmbedded(await PGlite.create({ loadDataDir: blob }));
  }
  if (notifyDelayMs > 0) database = withNotifyDelay(database, notifyDelayMs);
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', RATE_LIMIT_PER_MINUTE: '100000', ...env });
  const app = await buildApp({ config, database, jwtSecret: 'secreto-de-pruebas-con-mas-de-32-caracteres' });
  await app.ready();

  const request: TestApp['request'] = ({ token, headers, ...options }) =>
    app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `JWT ${token}` } : {}) } });
  return {
    app,
    database,
    request,
    async tokenFor(email, password = DEMO_PASSWORD) {
      const res = await request({ method: 'POST', url: '/auth/jwt/create/', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login de ${email}: ${res.statusCode} ${res.body}`);
      return res.json().access;
    },
    // The app's own sync(): its marker is heard after, and as late as, everything committed before it.
    settle: () => app.comparacion.sync(),
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** The database with the notifications it hears handed over `ms` late, in order. */
function withNotifyDelay(database: Database, ms: number): Database {
  return {
    ...database,
    listen: (channel, listener) =>
      database.listen(channel, { notify: (payload) => setTimeout(() => listener.notify(payload), ms), listening: listener.listening }),
  };
}

/**
 * Registers beforeAll/afterAll for a test file: a fresh app on its own database copy, and
 * (with roleTokens) an access token per role of server/test/roles.ts.
 */
export function setupTestApp({ roleTokens = false, notifyDelayMs = 0 } = {}) {
  const ctx = {} as { t: TestApp; tokens: Record<RoleName, string | undefined> };
  beforeAll(async () => {
    ctx.t = await createTestApp({}, { notifyDelayMs });
    if (roleTokens) ctx.tokens = await tokensByRole(ctx.t);
  });
  afterAll(() => ctx.t.close());
  return ctx;
}
