import type { Database } from '#server/db/client';
import { createSyncMarkers } from '#server/db/sync-markers';
import { prepareGetSesionById, type UsuarioSesion } from '../auth.repository';

/** Users kept: memory stays bounded however many users sign in; one evicted is read again when next asked for. */
export const SESION_CACHE_MAX_ENTRIES = 100_000;
/** The channel migration 0014's triggers notify with the id of a user whose session columns changed. */
export const SESION_CHANNEL = 'sesion';

/** A database read of one user in flight; `stale` once a notification of that user (or a forget-all) overtook it. */
interface Lectura {
  valor: Promise<UsuarioSesion | undefined>;
  stale: boolean;
}

export interface SesionCacheStats {
  entries: number;
  /** Answers without a database read of their own: from memory, or sharing a read already in flight. */
  hits: number;
  /** Database reads. */
  misses: number;
}

/**
 * The session of each user the token check has seen: the check of every
 * authenticated request, and POST /auth/jwt/verify/, answer from memory instead of a round trip.
 *
 * The database says what changed: migration 0014's triggers notify the user's id on channel
 * 'sesion', to every process, this one included, whenever a session column changes (a password
 * change moves token_version on) or the row goes; the user is forgotten and read again when next
 * asked for. A read that a notification of its user overtook answers the request that started it
 * (that request came first) but is neither kept nor shared with later ones. While the listening
 * connection is down nothing is read from memory, and everything is forgotten when it is back.
 * A guarded write of this process calls `sync()` before answering (authenticate.ts), so its own
 * next request already sees what it changed.
 *
 * `read` replaces the database read (tests: a read a notification overtakes).
 */
export function createSesionCache(
  database: Pick<Database, 'db' | 'listen' | 'barrier'>,
  { maxEntries = SESION_CACHE_MAX_ENTRIES, read }: { maxEntries?: number; read?: (id: number) => Promise<UsuarioSesion | undefined> } = {},
) {
  const { db } = database;
  const readSesion = read ?? prepareGetSesionById(db);
  const byId = new Map<number, Readonly<UsuarioSesion>>();
  /** At most one read per user in flight while listening: a burst of one user's requests makes one query. */
  const enCurso = new Map<number, Lectura>();
  let listening = false;
  let hits = 0;
  let misses = 0;
  /** Session changes heard (users' ids notified): a write after which this grew changed one. */
  let changes = 0;
  let unlisten: (() => Promise<void>) | undefined;

  const forget = (id: number) => {
    byId.delete(id);
    const lectura = enCurso.get(id);
    if (lectura) {
      lectura.stale = true;
      enCurso.delete(id);
    }
  };
  const forgetAll = () => {
    byId.clear();
    for (const lectura of enCurso.values()) lectura.stale = true;
    enCurso.clear();
  };
  const markers = createSyncMarkers(database, SESION_CHANNEL, forgetAll);

  const store = (id: number, valor: UsuarioSesion) => {
    // Frozen: every request of this user gets this same object, so no handler may change it.
    byId.set(id, Object.freeze(valor));
    // Map keeps insertion order: the first key is the one read longest ago.
    if (byId.size > maxEntries) byId.delete(byId.keys().next().value!);
  };
  const onNotify = (payload: string) => {
    if (markers.heard(payload)) return;
    const id = Number(payload);
    if (!Number.isSafeInteger(id)) return; // a payload of no user
    changes++;
    forget(id);
  };

  /** The user's session columns; undefined when there is no such user. */
  async function get(id: number): Promise<UsuarioSesion | undefined> {
    if (!listening) {
      misses++;
      return readSesion(id);
    }
    const kept = byId.get(id);
    if (kept) {
      hits++;
      return kept;
    }
    const shared = enCurso.get(id);
    if (shared) {
      hits++;
      return shared.valor;
    }
    misses++;
    const lectura: Lectura = { valor: readSesion(id), stale: false };
    enCurso.set(id, lectura);
    try {
      const valor = await lectura.valor;
      // No user is kept as "missing": its id may yet be inserted (a sequence's) without a notification.
      if (!lectura.stale && listening && valor) store(id, valor);
      return valor;
    } finally {
      if (enCurso.get(id) === lectura) enCurso.delete(id);
    }
  }

  return {
    get,
    stats: (): SesionCacheStats => ({ entries: byId.size, hits, misses }),
    /** How many session changes this process has heard: a guard notes it, the write's sync compares. */
    changes: () => changes,
    /** Listens to the sessions' notifications; until then, and whenever not listening, every read goes to the database. */
    async start(): Promise<void> {
      unlisten = await database.listen(SESION_CHANNEL, {
        notify: onNotify,
        listening(active) {
          forgetAll();
          listening = active;
          // A marker sent on a connection that dropped never comes: its writer need not wait for it.
          if (!active) markers.releaseAll();
        },
      });
    },
    async stop(): Promise<void> {
      listening = false;
      forgetAll();
      markers.releaseAll();
      await unlisten?.();
      unlisten = undefined;
    },
    /**
     * Returns once every notification committed before the call has been applied here and, if a
     * session changed after `changes()` was `since`, on every other process: after a write of this
     * process, before it answers. PostgreSQL delivers notifications in commit order,
     * so this process's own marker arrives after the write's users.
     */
    async sync(since?: number): Promise<void> {
      // Other processes are waited for only when a session changed since `since` (the write's own
      // change, most likely): any other write would pay for nothing.
      if (listening) await markers.sync({ others: () => since === undefined || changes > since });
    },
  };
}
export type SesionCache = ReturnType<typeof createSesionCache>;
