import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app';
import { parseConfig } from '#server/config';
import { openPostgres, queryRows } from '#server/db/client';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { withDatabase } from '#server/test/template-db';
import { sharedRateLimitStore } from './rate-limit-store';

/** The request limit is counted once for every process on one PostgreSQL. */
const databaseUrl = process.env.DATABASE_URL;
const LIMIT = 5;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
});
afterAll(() => t.close());

const incr = (store: FastifyRateLimitStore, key: string, timeWindow: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), timeWindow, LIMIT),
  );
const currentDatabase = async () => (await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`))[0]!.name;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it.skipIf(databaseUrl)('the embedded database (one process) keeps the plugin’s memory store', () => {
  expect(sharedRateLimitStore(t.database, t.app.log)).toBeUndefined();
});

// Each buildApp on its own pool stands for one process; the embedded database has only one.
describe.skipIf(!databaseUrl)('PostgreSQL', () => {
  const newStore = () => new (sharedRateLimitStore(t.database, t.app.log)!)({ timeWindow: 60_000 });

  it('two processes on one database answer 429 at the same request as one process alone', async () => {
    const name = await currentDatabase();
    const otherDatabase = openPostgres(withDatabase(databaseUrl!, name));
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    const other = await buildApp({ config, database: otherDatabase, jwtSecret: 'secreto-de-pruebas-con-mas-de-32-caracteres' });
    try {
      await other.ready();
      const send = (app: typeof other, remoteAddress: string) => app.inject({ method: 'GET', url: '/api/ubicacion/regiones/', remoteAddress });
      const alone = [];
      for (let i = 0; i < LIMIT + 2; i++) alone.push(await send(t.app, '10.0.0.1'));
      const alternating = [];
      for (let i = 0; i < LIMIT + 2; i++) alternating.push(await send(i % 2 === 0 ? t.app : other, '10.0.0.2'));

      const expected = [...Array(LIMIT).fill(200), 429, 429];
      expect(alone.map((r) => r.statusCode)).toEqual(expected);
      expect(alternating.map((r) => r.statusCode)).toEqual(expected);
      // Each process tells the client what is left of the count both share.
      expect(alternating.slice(0, LIMIT).map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0']);
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });

  it('a limit of 100 or more: far from it requests are counted here and added in bulk, and 429 still comes at the same request across two processes', async () => {
    // An eighth of it (50) is counted locally: the 40 of the burst are.
    const max = 400;
    const a = newStore();
    const b = newStore();
    const counts = (store: FastifyRateLimitStore) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr('10.0.0.9', (error, result) => (error ? reject(error) : resolve(result!)), 60_000, max),
      );
    const inDatabase = async () => (await queryRows<{ n: number }>(t.database.db, sql`select n from limite_solicitud where clave = '10.0.0.9'`))[0]?.n ?? 0;
    // A burst of 40 on one process: the first waits for the database, the rest are let through at once.
    expect((await counts(a)).current).toBe(1);
    const burst = await Promise.all(Array.from({ length: 39 }, () => counts(a)));
    // Counted here: each sees its own place in the burst, without a round trip each.
    expect(burst.map((r) => r.current)).toEqual(Array.from({ length: 39 }, (_, i) => i + 2));
    // Coalesced, every request still reaches the database.
    for (let i = 0; i < 50 && (await inDatabase()) < 40; i++) await sleep(20);
    expect(await inDatabase()).toBe(40);
    // Then alternating between the processes up to the limit and past it.
    const currents: number[] = [];
    for (let i = 40; i < max + 3; i++) currents.push((await counts(i % 2 ? a : b)).current);
    const refused = currents.map((c) => c > max);
    // Exactly the requests past the limit are refused (current > max is what the plugin answers 429 to).
    expect(refused.indexOf(true)).toBe(max - 40);
    expect(refused.slice(max - 40)).toEqual([true, true, true]);
    expect(currents.slice(max - 40 - 5)).toEqual([396, 397, 398, 399, 400, 401, 402, 403]);
  });

  it('a window that ended starts again at 1, with the whole window ahead', async () => {
    const store = newStore();
    expect(await incr(store, 'ventana', 300)).toMatchObject({ current: 1, ttl: 300 });
    const second = await incr(store, 'ventana', 300);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(300);
    await sleep(350);
    expect(await incr(store, 'ventana', 300)).toMatchObject({ current: 1, ttl: 300 });
  });

  it('a key longer than the column counts under its hash, apart from another long key', async () => {
    const store = newStore();
    const larga = `x${'a'.repeat(300)}`;
    const otraLarga = `y${'a'.repeat(300)}`;
    await incr(store, larga, 60_000);
    expect((await incr(store, larga, 60_000)).current).toBe(2);
    expect((await incr(store, otraLarga, 60_000)).current).toBe(1);
  });

  it('a route with its own limit counts apart from the global one', async () => {
    const store = newStore();
    const login = store.child({ timeWindow: 60_000, routeInfo: { method: 'POST', url: '/auth/jwt/create/' } } as unknown as Parameters<
      FastifyRateLimitStore['child']
    >[0]);
    await incr(store, '10.0.0.3', 60_000);
    expect((await incr(store, '10.0.0.3', 60_000)).current).toBe(2);
    expect((await incr(login, '10.0.0.3', 60_000)).current).toBe(1);
  });

  it('a process sweeps the windows that ended, from whichever process they were', async () => {
    await incr(newStore(), 'vencida', 200);
    await sleep(250);
    // A new process sweeps with its first request.
    await incr(new (sharedRateLimitStore(t.database, t.app.log)!)({ timeWindow: 200 }), 'viva', 200);
    const claves = async () => (await queryRows<{ clave: string }>(t.database.db, sql`select clave from limite_solicitud`)).map((r) => r.clave);
    await vi.waitFor(async () => expect(await claves()).not.toContain('vencida'));
    expect(await claves()).toContain('viva');
  });

  it('fails open: with the database unreachable, requests are counted as none and pass, with one warning', async () => {
    const name = await currentDatabase();
    const closed = openPostgres(withDatabase(databaseUrl!, name));
    await closed.close();
    const warnings: string[] = [];
    const store = new (sharedRateLimitStore(closed, { warn: (m: string) => warnings.push(m) })!)({ timeWindow: 60_000 });
    expect(await incr(store, 'sin-base', 60_000)).toEqual({ current: 0, ttl: 60_000 });
    expect(await incr(store, 'sin-base', 60_000)).toEqual({ current: 0, ttl: 60_000 });
    expect(warnings.filter((m) => m.includes('no se pudo contar'))).toHaveLength(1);
  });
});
