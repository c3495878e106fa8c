import type { Database } from './client';
import { seedDemo } from './seed/demo';
import { seedReference } from './seed/reference';

/** Brings a database up to date: migrations, reference data, and demo data when asked. */
export async function prepareDatabase(database: Database, options: { seedDemo: boolean }): Promise<void> {
  await database.migrate();
  await seedReference(database.db);
  if (options.seedDemo) await seedDemo(database.db);
}
