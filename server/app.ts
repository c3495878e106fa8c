import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './errors';
import { createMailer } from './mail/mailer';
import { type AfterReply, createAfterReply } from './modules/auth/enlaces/after-reply';
import { authRoutes } from './modules/auth/auth.routes';
import { createGuards, registerGuardsDecorator } from './modules/auth/authenticate';
import { createJwt } from './modules/auth/sesion/jwt';
import { createCatalogoCache } from './modules/catalogo/catalogo-cache';
import { catalogoRoutes } from './modules/catalogo/catalogo.routes';
import { condicionesRoutes } from './modules/condiciones/condiciones.routes';
import { cotizarListaRoutes } from './modules/listas/cotizar-lista.routes';
import { createRecordatorios, type Recordatorios } from './modules/listas/recordatorios/recordatorios';
import { comparacionRoutes } from './modules/comparacion/comparacion.routes';
import { type ComparacionCache, createComparacionCache } from './modules/comparacion/cache/comparacion-cache';
import { type CanastaThread, createCanastaThread } from './modules/comparacion/canasta/thread';
import { cotizacionesRoutes } from './modules/cotizaciones/cotizaciones.routes';
import { historialRoutes } from './modules/cotizaciones/historial.routes';
import { cuentaRoutes } from './modules/cuenta/cuenta.routes';
import { empresaRoutes } from './modules/empresa/empresa.routes';
import { direccionesRoutes } from './modules/direcciones/direcciones.routes';
import { listasRoutes } from './modules/listas/listas.routes';
import { moderacionRoutes } from './modules/moderacion/moderacion.routes';
import { ordenesRoutes } from './modules/ordenes/ordenes.routes';
import { panelRoutes } from './modules/panel/panel.routes';
import { exportarRoutes } from './modules/pedidos/exportar.routes';
import { facturaRoutes } from './modules/pedidos/factura.routes';
import { pedidosRoutes } from './modules/pedidos/pedidos.routes';
import { recepcionRoutes } from './modules/pedidos/recepcion.routes';
import { cargaRoutes } from './modules/proveedor/carga/carga.routes';
import { createUploadQueue, type UploadQueue } from './modules/proveedor/carga/upload-queue';
import { proveedorProductosRoutes } from './modules/proveedor/proveedor-productos.routes';
import { ubicacionRoutes } from './modules/ubicacion/ubicacion.routes';
import { registerCatalogoSync } from './http/catalogo-sync';
import { registerHealth } from './http/health';
import { registerMetrics } from './http/metrics';
import { sharedRateLimitStore } from './http/rate-limit-store';
import { registerRouteRegistry } from './route-registry';
import { registerSpa } from './spa';

declare module 'fastify' {
  interface FastifyInstance {
    /** The comparison cache, for whoever must wait on what it has heard (tests: TestApp.settle). */
    comparacion: ComparacionCache;
    /** The uploads' queue, for tests that hold its places. */
    uploads: UploadQueue;
    /** Work left for after a reply (e-mails), for tests that wait for it. */
    afterReply: AfterReply;
    /** The lists' weekly reminders, for tests that tick them with a pinned clock. */
    recordatorios: Recordatorios;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** Folder of the built SPA; API only when absent. */
  clientDir?: string;
  /**
   * The solver's thread, one per process (canasta/thread.ts says why): main.ts makes it, starts it
   * once listening and stops it after the app. Absent (tests), the app makes its own and stops it on close.
   */
  canasta?: CanastaThread;
  /** The clock of the lists' reminders and of their quotations, of the supplier's panel and of a receipt's window; tests pin it (the real one when absent). */
  now?: () => Date;
}

/** Builds the whole application without listening, so tests can inject requests in-process. */
export async function buildApp({ config, database, jwtSecret, clientDir, canasta: dado, now }: AppOptions) {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
  });
  // The database's own warnings (a dropped connection, a lost LISTEN) go to the app's log.
  database.logTo(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRouteRegistry(app);
  registerGuardsDecorator(app);

  await app.register(helmet, {
    // One answer to "may another page frame this one?": no (X-Frame-Options DENY and CSP
    // frame-ancestors 'none'; helmet's default CSP said 'self').
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'], 'frame-ancestors': ["'none'"], 'upgrade-insecure-requests': null } },
    // HSTS means something only over HTTPS (a browser ignores it on http://); sent below when the request was.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Behind a TLS-terminating balancer, request.protocol comes from X-Forwarded-Proto (TRUST_PROXY=1).
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done(null, payload);
  });
  // Answers over 1 KB compressed when the client accepts it: a 30-line comparison
  // is ~580 KB of JSON, ~45–55 KB in brotli. The fastest levels (brotli 1, gzip 1): quality 4 cost
  // the comparison's p50 +5.5 ms for 10 % fewer bytes (docs/decisions/016). In one call up to 1 MB
  // (~2 ms), not through a stream's chunks. Request bodies are never inflated: a small compressed
  // body could expand past bodyLimit's meaning.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    syncThreshold: 1024 * 1024,
    globalDecompression: false,
  });
  await app.register(rateLimit, { max: config.rateLimitPerMinute, timeWindow: '1 minute', store: sharedRateLimitStore(database, app.log) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Abastece API', version: '1.0.0', description: 'Marketplace mayorista de alimentos. Autorización: `JWT <access>`.' },
      components: { securitySchemes: { jwt: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const { db } = database;
  const jwt = createJwt(jwtSecret, { access: config.accessTokenLifetimeS, refresh: config.refreshTokenLifetimeS });
  const guards = createGuards(database, jwt);
  // One listener keeps both copies of the catalogue: the comparison's hands each notification to the pickers' too (docs/decisions/010).
  const catalogo = createCatalogoCache(db);
  const comparacion = createComparacionCache(database, { log: (mensaje) => app.log.info(mensaje), observers: [catalogo] });
  app.decorate('comparacion', comparacion);
  registerCatalogoSync(app, comparacion);
  const mailer = createMailer({ db, smtpUrl: config.smtpUrl, mailDir: path.join(config.dataDir, 'mail'), from: config.mailFrom, log: app.log });
  const uploads = createUploadQueue();
  app.decorate('uploads', uploads);
  const afterReply = createAfterReply();
  app.decorate('afterReply', afterReply);
  const canasta = dado ?? createCanastaThread();
  const recordatorios = createRecordatorios({
    comparador: { db, cache: comparacion, solver: canasta },
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    now,
  });
  app.decorate('recordatorios', recordatorios);
  registerMetrics(app, config.metricsToken, { database, comparacion, mailer, uploads, canasta, sesiones: guards.stats });
  app.addHook('onReady', async () => {
    mailer.start();
    await guards.start();
    await comparacion.start();
    recordatorios.start();
  });
  app.addHook('onClose', async () => {
    // The reminders first: an e-mail their last pass queued waits in the outbox for the next start, or another process.
    await recordatorios.stop();
    await mailer.stop();
    await guards.stop();
    await comparacion.stop();
    if (!dado) await canasta.stop();
  });

  // The whole API surface, module by module (DESIGN §1).
  registerHealth(app, db, [{ name: 'cache_comparacion', ok: comparacion.ready }]);
  await app.register(authRoutes, { db, jwt, guards, mailer, publicUrl: config.publicUrl, afterReply });
  await app.register(cuentaRoutes, { db, guards, mailer, publicUrl: config.publicUrl });
  await app.register(direccionesRoutes, { db, guards });
  await app.register(catalogoRoutes, { db, catalogo });
  await app.register(ubicacionRoutes, { db });
  await app.register(cotizacionesRoutes, { db, guards });
  await app.register(historialRoutes, { db, guards });
  await app.register(comparacionRoutes, { db, guards, comparacion, canasta });
  await app.register(cotizarListaRoutes, { db, guards, comparacion, canasta, now });
  await app.register(ordenesRoutes, { db, guards, mailer, publicUrl: config.publicUrl });
  const pedidosOptions = { db, guards, mailer, publicUrl: config.publicUrl, jwtSecret, now };
  await app.register(pedidosRoutes, pedidosOptions);
  await app.register(recepcionRoutes, pedidosOptions);
  await app.register(facturaRoutes, pedidosOptions);
  await app.register(exportarRoutes, pedidosOptions);
  await app.register(proveedorProductosRoutes, { db, guards });
  await app.register(condicionesRoutes, { db, guards });
  await app.register(empresaRoutes, { db, guards });
  await app.register(panelRoutes, { db, guards, now });
  await app.register(moderacionRoutes, { db, guards, catalogo, mailer, publicUrl: config.publicUrl });
  await app.register(listasRoutes, { db, guards });
  await app.register(cargaRoutes, { db, guards, queue: uploads, excelTimeoutMs: config.excelParseTimeoutMs });

  await registerSpa(app, clientDir);
  return app;
}
