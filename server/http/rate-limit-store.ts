import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '../db/client';

/** What the plugin hands a store: its own options (timeWindow in ms), or a route's merged ones to `child`. */
interface StoreOptions {
  timeWindow?: unknown;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
/** Typed as the route by the plugin; at run time the route's merged limit options, with routeInfo. */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** limite_solicitud.clave is varchar(200). */
const MAX_CLAVE = 200;
const SWEEP_EVERY_MS = 60_000;

/**
 * The store of @fastify/rate-limit that every process on one PostgreSQL shares (issue #23 item 2):
 * each request is one upsert on limite_solicitud, timed by the database's clock so that processes
 * on different machines agree on when a window ends. Undefined on the embedded database: one
 * process, so the plugin's own memory store counts everything.
 */
export function sharedRateLimitStore(database: Database): FastifyRateLimitStoreCtor | undefined {
  if (database.kind !== 'postgres') return undefined;
  const { db } = database;
  // This process's state, shared by the store and its per-route children.
  let lastSweepMs = 0;
  let longestWindowMs = 0;
  let isFailing = false;

  const noteWindow = (ms: number) => {
    longestWindowMs = Math.max(longestWindowMs, ms);
  };

  /** At most once a minute per process, unawaited: rows whose window ended only take room. */
  const sweepIfDue = () => {
    const now = Date.now();
    if (now - lastSweepMs < SWEEP_EVERY_MS) return;
    lastSweepMs = now;
    // The longest window any of this process's limits uses, so no route's live count is taken.
    deleteEndedWindows(db, longestWindowMs).catch((error: Error) =>
      console.warn(`Límite de solicitudes: no se pudieron borrar las ventanas vencidas (${error.message})`),
    );
  };

  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(options: StoreOptions, prefix = '') {
      // Neither option is used by Abastece; refused rather than silently counted as plain windows.
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('El límite de solicitudes compartido no admite continueExceeding ni exponentialBackoff');
      }
      // A route's own window is known when the route is registered, before any request sweeps.
      if (typeof options.timeWindow === 'number') noteWindow(options.timeWindow);
      this.prefix = prefix;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      noteWindow(timeWindow);
      sweepIfDue();
      countRequest(db, toClave(this.prefix + key), timeWindow).then(
        (result) => {
          isFailing = false;
          callback(null, result);
        },
        (error: Error) => {
          // Fails open: an unreachable counter must not turn every request into a 500 (nor lock
          // everyone out); the limit is a guard against abuse, not a rule whose gap costs data.
          // One warning per run of failures, not one per request.
          if (!isFailing) console.warn(`Límite de solicitudes: no se pudo contar, se deja pasar (${error.message})`);
          isFailing = true;
          callback(null, { current: 0, ttl: timeWindow });
        },
      );
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      const options = routeOptions as unknown as StoreOptions;
      // A route with its own limit counts apart from the global one (as the plugin's Redis store does).
      const { method = '', url = '' } = options.routeInfo ?? {};
      return new PostgresRateLimitStore(options, `${this.prefix}${method}${url}-`);
    }
  };
}

/** A key fits the column as it is (readable when inspecting the table), or as its hash. */
function toClave(key: string): string {
  // JS length counts UTF-16 units, never fewer than PostgreSQL's characters.
  if (key.length <= MAX_CLAVE) return key;
  return `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * One statement per request: a key without a row, or whose window is over, starts a window now
 * with 1; else its count goes up. Concurrent requests of one key queue on its row, so none is lost.
 */
async function countRequest(db: Db, clave: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const window = sql`(${windowMs}::float8 * interval '1 millisecond')`;
  const [row] = await queryRows<{ n: number; ttl: number }>(
    db,
    sql`insert into limite_solicitud as l (clave, ventana_inicio, n) values (${clave}, now(), 1)
        on conflict (clave) do update set
          ventana_inicio = case when l.ventana_inicio <= now() - ${window} then now() else l.ventana_inicio end,
          n = case when l.ventana_inicio <= now() - ${window} then 1 else l.n + 1 end
        returning l.n, ceil(extract(epoch from l.ventana_inicio + ${window} - now()) * 1000)::int as ttl`,
  );
  return { current: row!.n, ttl: row!.ttl };
}

async function deleteEndedWindows(db: Db, windowMs: number): Promise<void> {
  await db.execute(sql`delete from limite_solicitud where ventana_inicio <= now() - (${windowMs}::float8 * interval '1 millisecond')`);
}
