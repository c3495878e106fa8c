// `npm run db:migrate`: applies migrations and reference data (and demo data when configured), then exits.
import { loadConfigOrExit } from '#server/config';
import { openDatabase } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';

const config = loadConfigOrExit();
const database = await openDatabase(config);
// A command's warnings are for whoever runs it: its stderr.
database.logTo(console);
try {
  await prepareDatabase(database, { seedDemo: config.seedDemo });
  console.log(`Base de datos al día (${database.kind === 'embedded' ? config.dataDir : 'PostgreSQL'}).`);
} finally {
  await database.close();
}
