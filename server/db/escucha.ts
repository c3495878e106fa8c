import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ACK_PREFIX, BARRIER_PREFIX, type Barriers, listenerName } from './barrera';
import type { Listener } from './client';

/** How often the listening connection is checked: a connection that died without closing (a failover, a NAT timeout) must not keep the cache deaf. */
const LISTEN_HEARTBEAT_MS = 10_000;
/** How long a probe waits to hear itself back. */
const PROBE_TIMEOUT_MS = 5_000;
/** Probes' payloads start with this; every process drops them, its own and others'. */
const PROBE_PREFIX = 'latido:';

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
export async function listenPostgres(
  databaseUrl: string,
  channel: string,
  listener: Listener,
  notifyThroughPool: (payload: string) => Promise<unknown>,
  barriers: Barriers,
  warn: (message: string) => void,
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
    warn(`PostgreSQL: se perdió la conexión que escucha '${channel}' (${why}); reintento en 1 s`);
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
      warn(`PostgreSQL: no se pudo volver a escuchar '${channel}' (${error.message}); reintento en 1 s`);
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
