import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { openPostgres, queryRows } from './client';

const databaseUrl = process.env.DATABASE_URL;

// A PostgreSQL restart or failover closes idle connections: the server must keep answering.
it.skipIf(!databaseUrl)('survives the server closing an idle pooled connection, and the next query opens a new one', async () => {
  const database = openPostgres(databaseUrl!);
  try {
    const pid = async () => (await queryRows<{ pid: number }>(database.db, sql`SELECT pg_backend_pid() AS pid`))[0]!.pid;
    const before = await pid();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [before]);
    await admin.end();
    // Let the termination reach the idle client: without the pool's 'error' listener the process dies here.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await pid()).not.toBe(before);
  } finally {
    await database.close();
  }
});
