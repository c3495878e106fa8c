import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, MIGRATIONS_FOLDER, ping, queryRows } from '#server/db/client';

const READY_TIMEOUT_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A shutdown's drain begins (main.ts): /api/ready answers 503 from now on, so a balancer stops
     * sending, and every answer closes its connection, so kept-alive clients move to another process
     * right after it instead of racing the final close (docs/decisions/012, "Cierre").
     */
    startDraining(): void;
  }
}

/** A condition GET /api/ready checks: its name in the answer, and whether it holds now. */
export interface ReadyCheck {
  name: string;
  ok: () => boolean | Promise<boolean>;
}

/** How many migrations this build ships (drizzle's journal). */
const shippedMigrations = (): number =>
  (JSON.parse(fs.readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as { entries: unknown[] }).entries.length;

/** Every migration of this build is applied (a newer process may have applied more: fine). */
export function migrationsCheck(db: Db): ReadyCheck {
  const shipped = shippedMigrations();
  let applied = false;
  return {
    name: 'migraciones',
    async ok() {
      if (applied) return true;
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      applied = (row?.n ?? 0) >= shipped;
      return applied;
    },
  };
}

/**
 * For load balancers and orchestrators:
 * - GET /api/health: the process answers (liveness; restart it when this fails). No database:
 *   a database outage must not make every process look dead and be restarted in a loop.
 * - GET /api/ready: it should get traffic: the database answers, the migrations are applied and
 *   every check holds (the comparison cache listening and preloaded); 503 naming what fails, until
 *   then and from the moment a shutdown starts (its drain: the balancer stops sending first).
 */
export function registerHealth(app: FastifyInstance, db: Db, checks: readonly ReadyCheck[]) {
  // Probes come every few seconds from each balancer: never counted against a client's limit.
  const hide = { schema: { hide: true }, config: { rateLimit: false } };
  app.get('/api/health', hide, async () => ({ status: 'ok' }));
  let closing = false;
  app.decorate('startDraining', () => {
    closing = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  // A database that does not answer (pg waits for a connection without a limit) is a failed check, not a hung probe.
  const withinTimeout = (check: ReadyCheck) =>
    Promise.race([Promise.resolve().then(check.ok), new Promise<boolean>((resolve) => setTimeout(resolve, READY_TIMEOUT_MS, false).unref())]).catch(
      () => false,
    );
  const all: ReadyCheck[] = [{ name: 'base_de_datos', ok: () => ping(db).then(() => true) }, migrationsCheck(db), ...checks];
  app.get('/api/ready', hide, async (_request, reply) => {
    const fallan: string[] = closing ? ['cerrando'] : [];
    for (const check of closing ? [] : all) {
      if (!(await withinTimeout(check))) fallan.push(check.name);
    }
    if (fallan.length === 0) return { status: 'ok' };
    return reply.code(503).send({ status: 'no_listo', fallan });
  });
}
