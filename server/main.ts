import path from 'node:path';
import { loadConfigOrExit } from './config';
import { DeafListenError, openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { prepareDatabase } from './db/prepare';
import { resolveJwtSecret } from './modules/auth/jwt-secret';

const config = loadConfigOrExit();

// Loading the web stack overlaps with opening the database (its WASM compiles off the main thread).
const appModule = import('./app');
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

const { buildApp } = await appModule;
const app = await buildApp({
  config,
  database,
  jwtSecret: resolveJwtSecret(config),
  // `npm start` runs from the project root, where `npm run build` put the SPA.
  clientDir: path.resolve('dist/client'),
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

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  // A listening connection that hears nothing: say why and stop, not serve a cache that never learns.
  if (!(error instanceof DeafListenError)) throw error;
  console.error(error.message);
  await app.close().catch(() => {});
  await database.close();
  process.exit(1);
}
app.log.info(`Abastece en ${config.publicUrl} (${database.kind === 'embedded' ? `base embebida en ${config.dataDir}` : 'PostgreSQL'})`);
