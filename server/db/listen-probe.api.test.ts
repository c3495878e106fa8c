import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app';
import { parseConfig } from '#server/config';
import { DeafListenError, openPostgres, queryRows } from './client';
import { adminQuery, dropDatabase, withDatabase } from '#server/test/template-db';

// A LISTEN connection that does not hear the pool's NOTIFY (a pooler in
// transaction mode) is found at start. PostgreSQL only: the embedded engine is one connection.
const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('the listening connection proves it hears (PostgreSQL)', () => {
  const other = `abastece_sordo_${process.pid}`;
  beforeAll(() => adminQuery(databaseUrl!, `CREATE DATABASE ${other}`));
  afterAll(() => dropDatabase(databaseUrl!, other));

  it('starts listening when it hears its own probe, and passes on every other payload', async () => {
    const database = openPostgres(databaseUrl!);
    const heard: string[] = [];
    const states: boolean[] = [];
    try {
      const stop = await database.listen('prueba_sonda', { notify: (p) => heard.push(p), listening: (a) => states.push(a) });
      await database.db.execute(sql`select pg_notify('prueba_sonda', '42')`);
      for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(states).toEqual([true]);
      // The start probe ('latido:…') reached the connection and was not passed on.
      expect(heard).toEqual(['42']);
      await stop();
    } finally {
      await database.close();
    }
  });

  it('refuses to start, saying why, when the listening connection cannot hear what the pool sends', async () => {
    // NOTIFY reaches only the listeners of the same database: a LISTEN on another one is as deaf as
    // one that PgBouncer handed to someone else.
    const database = openPostgres(databaseUrl!, { listenUrl: withDatabase(databaseUrl!, other) });
    const started = Date.now();
    try {
      const listening = database.listen('prueba_sonda', { notify: () => {}, listening: () => {} });
      await expect(listening).rejects.toThrow(DeafListenError);
      await expect(listening).rejects.toThrow(/pooler en modo transacción \(PgBouncer\)/);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await database.close();
    }
  }, 20_000);
});

describe.skipIf(!databaseUrl)('barrier: every other listening process has applied what was committed before (PostgreSQL)', () => {
  it('resolves only after each listener, in each "process", was handed the notifications committed before it', async () => {
    const a = openPostgres(databaseUrl!);
    const b = openPostgres(databaseUrl!);
    const heardByB: string[] = [];
    const log: string[] = [];
    try {
      const stopA = await a.listen('prueba_barrera', { notify: () => {}, listening: () => {} });
      const stopB = await b.listen('prueba_barrera', {
        notify: (p) => {
          heardByB.push(p);
          log.push(`b oyó ${p}`);
        },
        listening: () => {},
      });
      for (let i = 1; i <= 3; i++) {
        await a.db.execute(sql`select pg_notify('prueba_barrera', ${String(i)})`);
        await a.barrier!('prueba_barrera');
        log.push(`barrera ${i}`);
      }
      expect(log).toEqual(['b oyó 1', 'barrera 1', 'b oyó 2', 'barrera 2', 'b oyó 3', 'barrera 3']);
      // The barrier's own markers and answers never reach a listener.
      expect(heardByB).toEqual(['1', '2', '3']);
      await stopB();
      // A process that stopped listening is not waited for (once its backend has left pg_stat_activity).
      const listeners = async () =>
        (
          await queryRows<{ n: number }>(
            a.db,
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name like 'abastece:prueba_barrera:%'`,
          )
        )[0]!.n;
      for (let i = 0; i < 100 && (await listeners()) !== 1; i++) await new Promise((r) => setTimeout(r, 20));
      const started = Date.now();
      await a.barrier!('prueba_barrera');
      expect(Date.now() - started).toBeLessThan(1_500);
      await stopA();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('gives up after 2 s on a listener that never answers, and says so', async () => {
    const a = openPostgres(databaseUrl!);
    // Named like a listening connection, but nothing reads its notifications: a process frozen in GC.
    const stuck = new pg.Client({ connectionString: databaseUrl, application_name: 'abastece:prueba_barrera:atascado' });
    await stuck.connect();
    const warnings: string[] = [];
    a.logTo({ warn: (m) => warnings.push(m) });
    try {
      const started = Date.now();
      await a.barrier!('prueba_barrera');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
      expect(warnings.join('\n')).toMatch(/proceso\(s\) no confirmaron el aviso de 'prueba_barrera' en 2 s/);
    } finally {
      await stuck.end();
      await a.close();
    }
  }, 10_000);

  it('says so in the log of the app built on it', async () => {
    const database = openPostgres(databaseUrl!);
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data' });
    const app = await buildApp({ config, database, jwtSecret: 'secreto-de-pruebas-con-mas-de-32-caracteres' });
    const warn = vi.spyOn(app.log, 'warn');
    const stuck = new pg.Client({ connectionString: databaseUrl, application_name: 'abastece:prueba_log:atascado' });
    await stuck.connect();
    try {
      await database.barrier!('prueba_log');
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/no confirmaron el aviso de 'prueba_log'/));
    } finally {
      await stuck.end();
      await app.close();
      await database.close();
    }
  }, 10_000);
});
