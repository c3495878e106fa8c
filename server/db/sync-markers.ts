import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from './client';

/** How long `sync` waits for its own marker before the cache forgets everything instead. */
const SYNC_TIMEOUT_MS = 2_000;

/**
 * The "a write of this process is seen before it answers" of a cache kept current by NOTIFY
 * (the comparison's catalogue, the sessions): `sync()` sends a marker on the cache's channel and
 * returns once it comes back, so every notification committed before it has been applied here
 * (PostgreSQL delivers them in commit order). When `others()`, it then waits for every other
 * listening process too (Database.barrier), so the very next request on any of them sees it.
 * The cache hands every payload to `heard` first; markers never reach its own logic.
 */
export function createSyncMarkers(database: Pick<Database, 'db' | 'barrier'>, channel: string, forgetAll: () => void) {
  const waiting = new Map<string, () => void>();
  const prefix = `sync:${randomUUID()}:`;
  let sent = 0;
  return {
    /** True when `payload` is a marker (this process's or another's), not the cache's. */
    heard(payload: string): boolean {
      if (!payload.startsWith('sync:')) return false;
      waiting.get(payload)?.();
      return true;
    },
    /** A marker sent on a connection that dropped never comes: its writer need not wait for it. */
    releaseAll() {
      for (const resolve of waiting.values()) resolve();
    },
    /**
     * `others` is asked once this process's own marker is back: only then has it heard the write's
     * own notification (the listening connection reads it a moment after the commit).
     */
    async sync({ others }: { others: () => boolean }): Promise<void> {
      const marker = `${prefix}${++sent}`;
      const arrived = new Promise<'arrived'>((resolve) => waiting.set(marker, () => resolve('arrived')));
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), SYNC_TIMEOUT_MS);
      });
      try {
        await queryRows(database.db, sql`select pg_notify(${channel}, ${marker})`);
        if ((await Promise.race([arrived, timeout])) === 'timeout') forgetAll();
        else if (others()) await database.barrier?.(channel);
      } catch {
        // The write this follows is committed: its caller still answers, and nothing kept may be older.
        forgetAll();
      } finally {
        clearTimeout(timer);
        waiting.delete(marker);
      }
    },
  };
}
