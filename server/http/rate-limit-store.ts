import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '#server/db/client';

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
 * The store of @fastify/rate-limit that every process on one PostgreSQL shares:
 * counted with upserts on limite_solicitud (createCounter: one round trip per request near the
 * limit, coalesced far from it), timed by the database's clock so that processes
 * on different machines agree on when a window ends. Undefined on the embedded database: one
 * process, so the plugin's own memory store counts everything.
 */
export function sharedRateLimitStore(database: Database, log: Pick<FastifyBaseLogger, 'warn'>): FastifyRateLimitStoreCtor | undefined {
  if (database.kind !== 'postgres') return undefined;
  const { db } = database;
  // This process's state, shared by the store and its per-route children.
  let lastSweepMs = 0;
  let longestWindowMs = 0;
  let isFailing = false;
  const counter = createCounter(db, (error) => {
    if (!isFailing) log.warn(`Límite de solicitudes: no se pudo contar, se deja pasar (${error.message})`);
    isFailing = true;
  });

  const noteWindow = (ms: number) => {
    longestWindowMs = Math.max(longestWindowMs, ms);
  };

  /** At most once a minute per process, unawaited: rows whose window ended only take room. */
  const sweepIfDue = () => {
    const now = Date.now();
    if (now - lastSweepMs < SWEEP_EVERY_MS) return;
    lastSweepMs = now;
    counter.forgetEnded(now);
    // The longest window any of this process's limits uses, so no route's live count is taken.
    deleteEndedWindows(db, longestWindowMs).catch((error: Error) =>
      log.warn(`Límite de solicitudes: no se pudieron borrar las ventanas vencidas (${error.message})`),
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

    incr(key: string, callback: IncrCallback, timeWindow: number, max?: number): void {
      noteWindow(timeWindow);
      sweepIfDue();
      const clave = toClave(this.prefix + key);
      const counted = counter.incr(clave, timeWindow, max);
      counted.then(
        (result) => {
          isFailing = false;
          callback(null, result);
        },
        (error: Error) => {
          // Fails open: an unreachable counter must not turn every request into a 500 (nor lock
          // everyone out); the limit is a guard against abuse, not a rule whose gap costs data.
          // One warning per run of failures, not one per request.
          if (!isFailing) log.warn(`Límite de solicitudes: no se pudo contar, se deja pasar (${error.message})`);
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
 * Requests are counted here only while the count is under max / LOCAL_SHARE. Each process may let
 * through that many before its count reaches the database, so with up to LOCAL_SHARE processes a
 * burst faster than a round trip still cannot pass the limit (with more, by at most
 * (N / LOCAL_SHARE − 1) × max in such a burst).
 */
const LOCAL_SHARE = 8;
/** Limits this small are always counted in the database, request by request: every answer's count is exact. */
const MIN_MAX_FOR_LOCAL = 100;
/** Keys this process remembers between flushes (a bound on its memory; the database keeps the counts). */
const MAX_LOCAL_KEYS = 100_000;

interface LocalCount {
  /** The database's count for the key at its last answer to this process, and when that window ends (this clock). */
  known: number;
  endsAtMs: number;
  /** Requests let through here and not yet sent to the database, and the ones being added now. */
  pending: number;
  sending: number;
}

/**
 * Counting that costs no round trip while a client is far from its limit (the
 * token check's hot path): a key's first request in a window, any request once the count
 * reaches an eighth of the limit (LOCAL_SHARE), and every request of a limit under MIN_MAX_FOR_LOCAL wait for the database's
 * count, so 429 comes at the same request with one process or many. Below that, the request is
 * let through at once and counted here; one upsert in flight per key adds what accumulated, so a
 * burst of a thousand requests costs a few writes. The database count lags by at most the requests
 * of one round trip, and only while it is under an eighth of the limit: nobody is refused there.
 */
function createCounter(db: Db, onFlushError: (error: Error) => void) {
  const local = new Map<string, LocalCount>();

  const flush = (clave: string, entry: LocalCount, windowMs: number) => {
    if (entry.sending > 0 || entry.pending === 0) return;
    entry.sending = entry.pending;
    entry.pending = 0;
    countRequests(db, clave, windowMs, entry.sending).then(
      (result) => {
        entry.known = result.current;
        entry.endsAtMs = Date.now() + result.ttl;
        entry.sending = 0;
        flush(clave, entry, windowMs);
      },
      (error: Error) => {
        // Fails open, as a counted request does: what accumulated is dropped.
        entry.sending = 0;
        onFlushError(error);
      },
    );
  };

  return {
    async incr(clave: string, windowMs: number, max: number | undefined): Promise<{ current: number; ttl: number }> {
      const now = Date.now();
      const entry = local.get(clave);
      const estimate = entry ? entry.known + entry.sending + entry.pending + 1 : 0;
      if (entry && max !== undefined && max >= MIN_MAX_FOR_LOCAL && now < entry.endsAtMs && estimate < max / LOCAL_SHARE) {
        entry.pending++;
        flush(clave, entry, windowMs);
        return { current: estimate, ttl: entry.endsAtMs - now };
      }
      // Counted in the database now, with whatever this process had let through meanwhile.
      const k = 1 + (entry && now < entry.endsAtMs ? entry.pending : 0);
      if (entry) entry.pending = 0;
      const result = await countRequests(db, clave, windowMs, k);
      if (local.size >= MAX_LOCAL_KEYS && !local.has(clave)) local.delete(local.keys().next().value!);
      const current = local.get(clave) ?? { known: 0, endsAtMs: 0, pending: 0, sending: 0 };
      // A bulk add still on its way may be in this count already: counting it again (estimate) only
      // overestimates, and local answers stay under an eighth of the limit, so that never refuses anyone.
      current.known = result.current;
      current.endsAtMs = Date.now() + result.ttl;
      local.set(clave, current);
      return result;
    },
    /** Drops the keys whose window ended (they start again from the database). */
    forgetEnded(now: number) {
      for (const [clave, entry] of local) if (now >= entry.endsAtMs && entry.sending === 0 && entry.pending === 0) local.delete(clave);
    },
  };
}

/**
 * One statement for `k` requests: a key without a row, or whose window is over, starts a window now
 * with k; else its count goes up by k. Concurrent requests of one key queue on its row, so none is lost.
 */
async function countRequests(db: Db, clave: string, windowMs: number, k: number): Promise<{ current: number; ttl: number }> {
  const window = sql`(${windowMs}::float8 * interval '1 millisecond')`;
  const [row] = await queryRows<{ n: number; ttl: number }>(
    db,
    sql`insert into limite_solicitud as l (clave, ventana_inicio, n) values (${clave}, now(), ${k})
        on conflict (clave) do update set
          ventana_inicio = case when l.ventana_inicio <= now() - ${window} then now() else l.ventana_inicio end,
          n = case when l.ventana_inicio <= now() - ${window} then ${k} else l.n + ${k} end
        returning l.n, ceil(extract(epoch from l.ventana_inicio + ${window} - now()) * 1000)::int as ttl`,
  );
  return { current: row!.n, ttl: row!.ttl };
}

async function deleteEndedWindows(db: Db, windowMs: number): Promise<void> {
  await db.execute(sql`delete from limite_solicitud where ventana_inicio <= now() - (${windowMs}::float8 * interval '1 millisecond')`);
}
