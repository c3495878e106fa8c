// Child process of embedded-engine.test.ts: writes to the embedded database under argv[2]
// and prints "ack N" only after transaction N committed, until it is killed.
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../client';

const dataDir = process.argv[2]!;
// Said on stdout: this process's parent never waits for it (test/unreaped.ts), and the test must hear why it did not start.
const database = await openDatabase({ dataDir }).catch((error: Error) => {
  process.stdout.write(`error ${error.message}\n`);
  process.exit(1);
});
const { db } = database;
await db.execute(sql`CREATE TABLE IF NOT EXISTS crash_probe (id integer PRIMARY KEY, payload text NOT NULL, total integer NOT NULL)`);
const [row] = await queryRows<{ max: number }>(db, sql`SELECT coalesce(max(id), 0) AS max FROM crash_probe`);
process.stdout.write(`ready ${row!.max}\n`);

for (let id = Number(row!.max) + 1; ; id++) {
  // Two statements per transaction: a torn transaction would show as a row without its total.
  await db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO crash_probe (id, payload, total) VALUES (${id}, ${'x'.repeat(2000)}, 0)`);
    await tx.execute(sql`UPDATE crash_probe SET total = ${id} WHERE id = ${id}`);
  });
  process.stdout.write(`ack ${id}\n`);
}
