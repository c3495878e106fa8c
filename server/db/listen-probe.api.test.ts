import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeafListenError, openPostgres } from './client';
import { withDatabase } from '../test/template-db';

// Issue #23 item 6: a LISTEN connection that does not hear the pool's NOTIFY (a pooler in
// transaction mode) is found at start. PostgreSQL only: the embedded engine is one connection.
const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('the listening connection proves it hears (PostgreSQL)', () => {
  const other = `abastece_sordo_${process.pid}`;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  beforeAll(() => admin(`CREATE DATABASE ${other}`));
  afterAll(() => admin(`DROP DATABASE IF EXISTS ${other} WITH (FORCE)`));

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
