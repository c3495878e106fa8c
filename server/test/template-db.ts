import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openEmbedded, openPostgres } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';

// One migrated and seeded template per test run; each test file gets its own copy of it.
export const TEMPLATE_FILE = path.resolve('.tmp/test-template/pglite.tar.gz');
export const templateDbName = (runId: string) => `abastece_tpl_${runId}`;

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on its own connection to the server: creating and dropping a scratch database (tests, benches, the cluster test). */
export async function adminQuery(databaseUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * Drops a scratch database even while connections of ours linger on it. Not `WITH (FORCE)`: for a
 * role that is not superuser it refuses when an autovacuum worker happens to be in the database
 * ("must be a member of the role whose process is being terminated"), which failed CI once. Our
 * own sessions are ended by hand; a plain DROP stops autovacuum itself and waits for it.
 */
export async function dropDatabase(databaseUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND usename = current_user AND pid <> pg_backend_pid()`, [
        name,
      ]);
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (error) {
        // 55006: a session just ended has not left yet, or one reconnected; ask again.
        if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await client.end();
  }
}

export async function createTemplate(databaseUrl: string | undefined, runId: string): Promise<void> {
  if (databaseUrl) {
    await dropDatabase(databaseUrl, templateDbName(runId));
    await adminQuery(databaseUrl, `CREATE DATABASE ${templateDbName(runId)}`);
    const database = openPostgres(withDatabase(databaseUrl, templateDbName(runId)));
    await prepareDatabase(database, { seedDemo: true });
    await database.close();
    return;
  }
  const pglite = await PGlite.create();
  const database = openEmbedded(pglite);
  await prepareDatabase(database, { seedDemo: true });
  const dump = await pglite.dumpDataDir('gzip');
  fs.mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  fs.writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

export async function dropTemplate(databaseUrl: string | undefined, runId: string): Promise<void> {
  if (!databaseUrl) return;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  // Per-file copies are dropped by their own tests; sweep any a crashed worker left behind.
  const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`abastece_t%_${runId}%`]);
  await admin.end();
  for (const { datname } of rows) await dropDatabase(databaseUrl, datname);
}
