import type { Db } from './client';

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction lost a race, not its data. */
const RETRYABLE = new Set(['40P01', '40001']);
const sqlState = (error: unknown): unknown => (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;

/**
 * Every transaction opened on the database is tried again once when PostgreSQL aborts it for a
 * deadlock or a serialization failure: it wrote nothing, and a second try after the
 * winner commits almost always goes through, where answering 500 would make the user retry by hand.
 * Only the outermost transaction retries (a savepoint's failure aborts its whole transaction).
 */
export function retryingTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    try {
      return await transaction(work, config);
    } catch (error) {
      if (!RETRYABLE.has(sqlState(error) as string)) throw error;
      return transaction(work, config);
    }
  }) as Db['transaction'];
  return db;
}
