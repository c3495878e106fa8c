import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { prepareDatabase } from './db/prepare';
import { resolveJwtSecret } from './modules/auth/jwt-secret';

const config = loadConfigOrExit();

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase(config);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
await prepareDatabase(database, { seedDemo: config.seedDemo });

const app = await buildApp({
  config,
  database,
  jwtSecret: resolveJwtSecret(config),
  clientDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'cerrando');
  // Stop taking requests, let the ones in flight finish, then close the database cleanly.
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Abastece en ${config.publicUrl} (${database.kind === 'embedded' ? `base embebida en ${config.dataDir}` : 'PostgreSQL'})`);
