import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/** Payloads of a barrier's marker, and of a listener's answer to it (escucha.ts hands neither to its listener). */
export const BARRIER_PREFIX = 'barrera:';
export const ACK_PREFIX = 'visto:';
const BARRIER_TIMEOUT_MS = 2_000;
const LISTENER_APP = 'abastece';
/** A listening connection's application_name: what a barrier counts in pg_stat_activity. */
export const listenerName = (channel: string, id: string) => `${LISTENER_APP}:${channel}:${id}`;

export type Barriers = ReturnType<typeof createBarriers>;

/**
 * Cross-process barriers ("shows in the other's very next comparison", "voids old
 * tokens at once on every process"). NOTIFY reaches every process at about the same time, but
 * "about" is not "before the client's next request": a busy process may read it a few ms late.
 * So a write that must be seen everywhere sends a barrier marker on the channel and waits until
 * every other listening process (its listening connections are named in pg_stat_activity) has
 * answered it; each answers when its LISTEN connection reaches the marker, that is after handing
 * every notification committed before it to its cache.
 */
export function createBarriers(pool: pg.Pool, notify: (channel: string, payload: string) => Promise<unknown>, warn: (message: string) => void) {
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
          warn(`PostgreSQL: ${w.missing.size} proceso(s) no confirmaron el aviso de '${channel}' en ${BARRIER_TIMEOUT_MS / 1000} s`);
      } finally {
        clearTimeout(timer);
        waiting.delete(nonce);
      }
    },
  };
}
