import { type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Independent reads at once on the pool, one after another on a transaction: a transaction is one
 * connection, where node-postgres queues concurrent queries and warns (its next major refuses
 * them).
 */
export async function readAll<T extends readonly unknown[]>(db: Db, reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return Promise.all(reads.map((read) => read())) as unknown as Promise<T>;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
