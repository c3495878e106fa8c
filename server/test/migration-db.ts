import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Database, openEmbedded, openPostgres } from '#server/db/client';
import { adminQuery, dropDatabase, withDatabase } from './template-db';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** The committed migrations up to and including `lastTag`, as a folder drizzle's migrator reads. */
function migrationsUpTo(lastTag: string): string {
  const dir = path.resolve(`.tmp/migrations-${lastTag}-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag === lastTag);
  if (upTo < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, upTo + 1);
  for (const { tag } of journal.entries) fs.copyFileSync(path.join(MIGRATIONS, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

/**
 * A new, empty database with the migrations up to `lastTag` applied (embedded, or PostgreSQL when
 * DATABASE_URL is set): a test writes rows as the code of that time did, then `database.migrate()`
 * applies the rest and it checks what they became.
 */
export async function openAt(lastTag: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const folder = migrationsUpTo(lastTag);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const pglite = await PGlite.create();
    await migratePglite(drizzlePglite(pglite), { migrationsFolder: folder });
    return { database: openEmbedded(pglite), drop: async () => fs.rmSync(folder, { recursive: true, force: true }) };
  }
  const name = `abastece_mig_${lastTag.slice(0, 4)}_${process.pid}`;
  await dropDatabase(databaseUrl, name);
  await adminQuery(databaseUrl, `CREATE DATABASE ${name}`);
  const client = new pg.Client({ connectionString: withDatabase(databaseUrl, name) });
  await client.connect();
  await migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder });
  await client.end();
  return {
    database: openPostgres(withDatabase(databaseUrl, name)),
    drop: async () => {
      await dropDatabase(databaseUrl, name);
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
