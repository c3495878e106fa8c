import path from 'node:path';
import { loadConfigOrExit } from './config';
import { DeafListenError, openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { prepareDatabase } from './db/prepare';
import { resolveJwtSecret } from './modules/auth/sesion/jwt-secret';

const config = loadConfigOrExit();

// Loading the web stack overlaps with opening the database (its WASM compiles off the main thread).
const appModule = import('./app');
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase(config);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    // Before the app, and so its logger, exists: one plain line on stderr, as for a bad configuration.
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// Already loaded with the app: the second import costs nothing.
const [{ buildApp }, { createCanastaThread }] = await Promise.all([appModule, import('./modules/comparacion/canasta/thread')]);
// The process's one solver thread (canasta/thread.ts): the app uses it, this file starts and stops it.
const canasta = createCanastaThread();
// Built before the database's first query, so whatever the database has to warn about (while
// migrating too) goes to the app's log.
const app = await buildApp({
  canasta,
  config,
  database,
  jwtSecret: resolveJwtSecret(config),
  // `npm start` runs from the project root, where `npm run build` put the SPA.
  clientDir: path.resolve('dist/client'),
});
await prepareDatabase(database, { seedDemo: config.seedDemo });

// Fastify turns Node's request and header timeouts off (0): a body or headers sent a byte at a time
// held their connection for ever. Node checks them every connectionsCheckingInterval (30 s unless
// set here, before listen), so a timeout fires within a second of its bound (docs/decisions/012).
app.server.requestTimeout = config.requestTimeoutMs;
app.server.headersTimeout = config.headersTimeoutMs;
Object.assign(app.server, { connectionsCheckingInterval: 1_000 });

/** How long a stop waits, after the drain, for the requests in flight (an upload may take seconds) before it gives up on them. */
const SHUTDOWN_BOUND_MS = 25_000;

let closing = false;
/** Ends the drain at once: a second signal (an impatient Ctrl-C) does not wait it out. */
let endDrain = () => {};
/**
 * SIGTERM (an orchestrator, a deploy) or SIGINT (Ctrl-C): first the drain (docs/decisions/012,
 * "Cierre"): for SHUTDOWN_DRAIN_MS /api/ready answers 503, so a balancer stops sending, while every
 * request that still arrives, on a new connection or a kept-alive one, is answered as usual and its
 * connection closed after its answer. Then the server stops accepting connections, closes the idle
 * ones and answers every request already accepted; the onClose hooks stop LISTEN and the mailer's
 * timer (after the delivery under way); then the solver's thread stops, the pool closes and the process
 * exits 0. Past the bound it exits 1, saying so.
 */
async function shutdown(signal: string) {
  if (closing) {
    endDrain();
    return;
  }
  closing = true;
  app.log.info({ signal, drenajeMs: config.shutdownDrainMs }, 'cerrando: /api/ready responde 503; se responde lo que llegue durante el drenaje');
  // Without a drain (development's default), nothing comes between "not ready" and closing the routes.
  if (config.shutdownDrainMs > 0) {
    app.startDraining();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, config.shutdownDrainMs);
      endDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  app.log.info('cierre: no se aceptan conexiones nuevas y se responden las que están en curso');
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
  await canasta.stop();
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
  app.log.fatal(error.message);
  await app.close().catch(() => {});
  await database.close();
  process.exit(1);
}
// The solver's thread starts now, not within the first comparison's budget (canasta/thread.ts).
canasta.start();
app.log.info(`Abastece en ${config.publicUrl} (${database.kind === 'embedded' ? `base embebida en ${config.dataDir}` : 'PostgreSQL'})`);
