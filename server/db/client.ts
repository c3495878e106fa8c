// The database, one file per concern: client.ts opens it (PostgreSQL or the embedded engine) and
// says what it offers; reintentos.ts retries a transaction that lost a race; escucha.ts is the
// LISTEN connection that proves it hears; barrera.ts waits for the other processes; consultas.ts
// holds the query helpers.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createBarriers } from './barrera';
import { lockDataDir } from './data-dir-lock';
import { listenPostgres } from './escucha';
import { retryingTransactions } from './reintentos';
import * as catalogo from './schema/catalogo';
import * as cotizaciones from './schema/cotizaciones';
import * as direcciones from './schema/direcciones';
import * as listas from './schema/listas';
import * as ordenes from './schema/ordenes';
import * as proveedor from './schema/proveedor';
import * as relations from './schema/relations';
import * as ubicacion from './schema/ubicacion';
import * as usuario from './schema/usuario';

// One import surface for what the rest of the server uses of the database: opening it (here),
// the listening connection's start error, and the query helpers.
export { ping, queryRows, readAll } from './consultas';
export { DeafListenError } from './escucha';

/** Every table and relation of server/db/schema/, so `db.query.<table>` works on both drivers. */
export const schema = { ...catalogo, ...cotizaciones, ...direcciones, ...listas, ...ordenes, ...proveedor, ...relations, ...ubicacion, ...usuario };
export type Schema = typeof schema;

/**
 * What a repository runs on: the database or a transaction opened on it. Both drivers share
 * this type, and the `tx` that `db.transaction()` hands over is one too, so a service passes
 * it to several repository calls to make them one transaction.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'embedded' | 'postgres';
  /** Applies committed migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /**
   * Hears NOTIFY on `channel` from every process on this database, from this process's own
   * writes too, in commit order. `listening(false)` when the listening connection dropped
   * (notifications since are lost; it reconnects by itself), `listening(true)` once it hears.
   * Resolves when first listening; the function it returns stops.
   */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /**
   * Resolves once every OTHER process listening on `channel` has applied every notification
   * committed before the call (or after 2 s, warning: barrera.ts): a write that answers after it
   * is seen by the very next request on any process. Absent on the embedded engine (one process).
   */
  barrier?: (channel: string) => Promise<void>;
  /** The PostgreSQL pool's connections now (GET /metrics); none on the embedded engine. */
  pool?: () => { total: number; idle: number; waiting: number };
  /**
   * Where the database's own warnings go (an idle connection dropped, the listening connection
   * lost, a barrier no one confirmed): buildApp points them at the app's logger. Until then they
   * go nowhere, so main.ts builds the app before the database's first query.
   */
  logTo(log: DbLog): void;
  close(): Promise<void>;
}

/** What the database needs of a logger: the app's (pino) fits. */
export interface DbLog {
  warn(message: string): void;
}

export interface Listener {
  notify(payload: string): void;
  listening(active: boolean): void;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export function openEmbedded(pglite: PGlite, release: () => void = () => {}): Database {
  const db: Db = drizzlePglite(pglite, { schema });
  return {
    db,
    kind: 'embedded',
    migrate: () => migratePglite(drizzlePglite(pglite), { migrationsFolder: MIGRATIONS_FOLDER }),
    async listen(channel, listener) {
      // One connection, in this process: a notification arrives with the statement that committed it.
      const unlisten = await pglite.listen(channel, listener.notify);
      listener.listening(true);
      return unlisten;
    },
    // One connection, in this process: nothing of its own to warn about.
    logTo() {},
    async close() {
      try {
        await pglite.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * `listenUrl` is where the LISTEN connection goes (DATABASE_URL itself; a test points it elsewhere
 * to prove that a deaf connection is found at start).
 */
export function openPostgres(databaseUrl: string, { listenUrl = databaseUrl } = {}): Database {
  let log: DbLog | undefined;
  const warn = (message: string) => log?.warn(message);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection the server closes (a restart, a failover, a dropped test database) is an
  // 'error' on the pool; unheard, it would end the process. The pool discards that connection and
  // the next query opens a new one; errors of running queries still reach their callers.
  pool.on('error', (error) => warn(`PostgreSQL: se descartó una conexión inactiva (${error.message})`));
  const db: Db = retryingTransactions(drizzleNodePg(pool, { schema }));
  const notify = (channel: string, payload: string) => pool.query('select pg_notify($1, $2)', [channel, payload]);
  const barriers = createBarriers(pool, notify, warn);
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // N processes may start together against one server: the advisory lock makes them take turns.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(724001)');
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock(724001)').catch(() => {});
        client.release();
      }
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    barrier: barriers.wait,
    listen: (channel, listener) => listenPostgres(listenUrl, channel, listener, (payload) => notify(channel, payload), barriers, warn),
    logTo(l) {
      log = l;
    },
    close: () => pool.end(),
  };
}

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else the embedded one. */
export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const release = lockDataDir(config.dataDir);
  try {
    const pglite = await PGlite.create(path.join(config.dataDir, 'pg'), {
      // PGlite's default 128 MB of shared buffers is memory of this process that it keeps (WASM
      // memory never shrinks); the data files are read through the OS cache anyway. 32 MB took
      // ~100 MB off the server's peak RSS (docs/decisions/008).
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
    });
    return openEmbedded(pglite, release);
  } catch (error) {
    release();
    throw error;
  }
}
