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

/** How long a stop waits for the requests in flight (an upload may take seconds) before it gives up on them. */
const SHUTDOWN_BOUND_MS = 25_000;

let closing = false;
/**
 * SIGTERM (an orchestrator, a deploy) or SIGINT (Ctrl-C), issue #23 item 5: /api/ready answers 503
 * from now on; the server stops accepting connections and answers every request already accepted;
 * then the onClose hooks stop LISTEN, the mailer's timer (after the delivery under way) and the
 * solver's thread; the pool closes and the process exits 0. Past the bound it exits 1, saying so.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'cerrando: no se aceptan conexiones nuevas y se responden las que están en curso');
  const bound = setTimeout(() => {
    app.log.warn(`cierre: quedaban solicitudes en curso a los ${SHUTDOWN_BOUND_MS / 1000} s; se termina sin ellas`);
    process.exit(1);
  }, SHUTDOWN_BOUND_MS);
  // app.close() (Fastify 5.12, fastify/fastify#7044) and Node's server.close() end only the
  // connections idle at this moment. One still answering a request is kept open after its answer
  // for keepAliveTimeout (Fastify's 72 s), and close() waits for it past the bound: the process
  // exited 1 after answering everything (server/shutdown.test.ts). Node reads this value as each
  // answer leaves, so from now on a connection closes about a second after its last answer (Node
  // adds 1 s) instead; a request that reaches it meanwhile is answered 503 by Fastify.
  app.server.keepAliveTimeout = 1;
  await app.close();
  await database.close();
  clearTimeout(bound);
  app.log.info('cerrado');
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
// The solver's thread starts now, not within the first comparison's budget (canasta-thread.ts).
(await import('./modules/comparacion/canasta-thread')).startCanastaThread();
app.log.info(`Abastece en ${config.publicUrl} (${database.kind === 'embedded' ? `base embebida en ${config.dataDir}` : 'PostgreSQL'})`);
