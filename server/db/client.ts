import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as catalogo from './schema/catalogo';
import * as cotizaciones from './schema/cotizaciones';
import * as direcciones from './schema/direcciones';
import * as ordenes from './schema/ordenes';
import * as proveedor from './schema/proveedor';
import * as relations from './schema/relations';
import * as ubicacion from './schema/ubicacion';
import * as usuario from './schema/usuario';

/** Every table and relation of server/db/schema/, so `db.query.<table>` works on both drivers. */
export const schema = { ...catalogo, ...cotizaciones, ...direcciones, ...ordenes, ...proveedor, ...relations, ...ubicacion, ...usuario };
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
   * committed before the call (or after BARRIER_TIMEOUT_MS, warning): a write that answers after it
   * is seen by the very next request on any process. Absent on the embedded engine (one process).
   */
  barrier?: (channel: string) => Promise<void>;
  /** The PostgreSQL pool's connections now (GET /metrics); none on the embedded engine. */
  pool?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
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
    async close() {
      try {
        await pglite.close();
      } finally {
        release();
      }
    },
  };
}

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction lost a race, not its data. */
const RETRYABLE = new Set(['40P01', '40001']);
const sqlState = (error: unknown): unknown => (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;

/**
 * Every transaction opened on the database is tried again once when PostgreSQL aborts it for a
 * deadlock or a serialization failure: it wrote nothing, and a second try after the
 * winner commits almost always goes through, where answering 500 would make the user retry by hand.
 * Only the outermost transaction retries (a savepoint's failure aborts its whole transaction).
 */
export function retryingTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    try {
      return await transaction(work, config);
    } catch (error) {
      if (!RETRYABLE.has(sqlState(error) as string)) throw error;
      return transaction(work, config);
    }
  }) as Db['transaction'];
  return db;
}

/**
 * `listenUrl` is where the LISTEN connection goes (DATABASE_URL itself; a test points it elsewhere
 * to prove that a deaf connection is found at start).
 */
export function openPostgres(databaseUrl: string, { listenUrl = databaseUrl } = {}): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection the server closes (a restart, a failover, a dropped test database) is an
  // 'error' on the pool; unheard, it would end the process. The pool discards that connection and
  // the next query opens a new one; errors of running queries still reach their callers.
  pool.on('error', (error) => console.warn(`PostgreSQL: se descartó una conexión inactiva (${error.message})`));
  const db: Db = retryingTransactions(drizzleNodePg(pool, { schema }));
  const notify = (channel: string, payload: string) => pool.query('select pg_notify($1, $2)', [channel, payload]);
  const barriers = createBarriers(pool, notify);
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
    listen: (channel, listener) => listenPostgres(listenUrl, channel, listener, (payload) => notify(channel, payload), barriers),
    close: () => pool.end(),
  };
}

/** How often the listening connection is checked: a connection that died without closing (a failover, a NAT timeout) must not keep the cache deaf. */
const LISTEN_HEARTBEAT_MS = 10_000;
/** How long a probe waits to hear itself back. */
const PROBE_TIMEOUT_MS = 5_000;
/** Probes' payloads start with this; every process drops them, its own and others'. */
const PROBE_PREFIX = 'latido:';

const BARRIER_PREFIX = 'barrera:';
const ACK_PREFIX = 'visto:';
const BARRIER_TIMEOUT_MS = 2_000;
const LISTENER_APP = 'abastece';
const listenerName = (channel: string, id: string) => `${LISTENER_APP}:${channel}:${id}`;

type Barriers = ReturnType<typeof createBarriers>;

/**
 * Cross-process barriers ("shows in the other's very next comparison", "voids old
 * tokens at once on every process"). NOTIFY reaches every process at about the same time, but
 * "about" is not "before the client's next request": a busy process may read it a few ms late.
 * So a write that must be seen everywhere sends a barrier marker on the channel and waits until
 * every other listening process (its listening connections are named in pg_stat_activity) has
 * answered it; each answers when its LISTEN connection reaches the marker, that is after handing
 * every notification committed before it to its cache.
 */
function createBarriers(pool: pg.Pool, notify: (channel: string, payload: string) => Promise<unknown>) {
  const waiting = new Map<string, { heard: Set<string>; missing: Set<string> | undefined; done: () => void }>();
  return {
    /** An answer `<nonce>:<listenerId>` heard on a listening connection. */
    acked(ack: string) {
      const i = ack.lastIndexOf(':');
      const w = waiting.get(ack.slice(0, i));
      if (!w) return;
      const id = ack.slice(i + 1);
      w.heard.add(id);
      w.missing?.delete(id);
      if (w.missing?.size === 0) w.done();
    },
    /** This process's own listener answers too: when this resolves, it has applied everything as well. */
    async wait(channel: string): Promise<void> {
      const nonce = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const w = { heard: new Set<string>(), missing: undefined as Set<string> | undefined, done: () => {} };
      const all = new Promise<void>((resolve) => {
        w.done = resolve;
      });
      waiting.set(nonce, w);
      try {
        // Who to wait for is read after the marker is sent: a process that started listening later
        // read the write from the database anyway, and one that stopped is not there to answer.
        await notify(channel, `${BARRIER_PREFIX}${nonce}`);
        const { rows } = await pool.query<{ name: string }>(
          'select application_name as name from pg_stat_activity where datname = current_database() and application_name like $1',
          [`${LISTENER_APP}:${channel}:%`],
        );
        w.missing = new Set(rows.map(({ name }) => name.slice(name.lastIndexOf(':') + 1)).filter((id) => !w.heard.has(id)));
        if (w.missing.size === 0) return;
        const timeout = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(resolve, BARRIER_TIMEOUT_MS, 'timeout');
        });
        if ((await Promise.race([all, timeout])) === 'timeout')
          console.warn(`PostgreSQL: ${w.missing.size} proceso(s) no confirmaron el aviso de '${channel}' en ${BARRIER_TIMEOUT_MS / 1000} s`);
      } finally {
        clearTimeout(timer);
        waiting.delete(nonce);
      }
    },
  };
}

/** Thrown at start when the listening connection does not hear what the pool notifies. */
export class DeafListenError extends Error {}

/**
 * A connection of its own that LISTENs. Proving the socket alive (`select 1`) is not enough: behind
 * a pooler in transaction mode (PgBouncer) LISTEN lands on a server connection that is handed to
 * someone else, and nothing is ever heard. So the check is a probe: a NOTIFY
 * sent through the pool, as every write's is, that this connection must hear back within 5 s. At
 * start a deaf connection is an error that says why; later, every 10 s, it counts as dropped and
 * is opened again a second after.
 */
async function listenPostgres(
  databaseUrl: string,
  channel: string,
  listener: Listener,
  notifyThroughPool: (payload: string) => Promise<unknown>,
  barriers: Barriers,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  // Its name in pg_stat_activity: what another process's barrier counts on to answer. Short:
  // PostgreSQL cuts application_name at 63 bytes.
  const listenerId = randomUUID().replaceAll('-', '').slice(0, 16);
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const probePrefix = `${PROBE_PREFIX}${randomUUID()}:`;
  let probesSent = 0;
  const probes = new Map<string, () => void>();
  const lost = (c: pg.Client, why: string) => {
    if (client !== c || stopped) return;
    console.warn(`PostgreSQL: se perdió la conexión que escucha '${channel}' (${why}); reintento en 1 s`);
    client = undefined;
    clearInterval(heartbeat);
    c.end().catch(() => {});
    listener.listening(false);
    retry = setTimeout(reconnect, 1000);
  };
  /** Whether `c` hears a NOTIFY sent through the pool within PROBE_TIMEOUT_MS. */
  const hears = async (): Promise<boolean> => {
    const payload = `${probePrefix}${++probesSent}`;
    let timer: NodeJS.Timeout | undefined;
    try {
      const heard = new Promise<boolean>((resolve) => probes.set(payload, () => resolve(true)));
      // Timed from the commit of the NOTIFY: a pool busy with requests is not a deaf connection.
      await notifyThroughPool(payload);
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(resolve, PROBE_TIMEOUT_MS, false);
      });
      return await Promise.race([heard, timeout]);
    } finally {
      clearTimeout(timer);
      probes.delete(payload);
    }
  };
  const connect = async () => {
    const c = new pg.Client({
      connectionString: databaseUrl,
      query_timeout: LISTEN_HEARTBEAT_MS / 2,
      application_name: listenerName(channel, listenerId),
    });
    c.on('notification', (n) => {
      if (n.channel !== channel) return;
      const payload = n.payload ?? '';
      if (payload.startsWith(PROBE_PREFIX)) return probes.get(payload)?.();
      // Everything before a barrier was handed to the listener above, synchronously: say so.
      if (payload.startsWith(BARRIER_PREFIX)) {
        if (client === c) notifyThroughPool(`${ACK_PREFIX}${payload.slice(BARRIER_PREFIX.length)}:${listenerId}`).catch(() => {});
        return;
      }
      if (payload.startsWith(ACK_PREFIX)) return barriers.acked(payload.slice(ACK_PREFIX.length));
      listener.notify(payload);
    });
    c.on('error', (error) => lost(c, error.message));
    c.on('end', () => lost(c, 'cerrada'));
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (!(await hears()))
        throw new DeafListenError(
          `PostgreSQL: la conexión que escucha '${channel}' no oye los NOTIFY que envía el pool. ` +
            '¿DATABASE_URL pasa por un pooler en modo transacción (PgBouncer)? Abastece necesita el servidor primario directo o un pooler en modo sesión.',
        );
    } catch (error) {
      await c.end().catch(() => {});
      throw error;
    }
    if (stopped) return void (await c.end());
    client = c;
    heartbeat = setInterval(() => {
      hears().then(
        (ok) => ok || lost(c, `no oyó su propia señal en ${PROBE_TIMEOUT_MS / 1000} s`),
        (error: Error) => lost(c, error.message),
      );
    }, LISTEN_HEARTBEAT_MS);
    listener.listening(true);
  };
  const reconnect = () => {
    if (stopped) return;
    connect().catch((error: Error) => {
      console.warn(`PostgreSQL: no se pudo volver a escuchar '${channel}' (${error.message}); reintento en 1 s`);
      if (!stopped) retry = setTimeout(reconnect, 1000);
    });
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    await client?.end();
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

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Independent reads at once on the pool, one after another on a transaction: a transaction is one
 * connection, where node-postgres queues concurrent queries and warns (its next major refuses
 * them).
 */
export async function readAll<T extends readonly unknown[]>(db: Db, reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return Promise.all(reads.map((read) => read())) as unknown as Promise<T>;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
