import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import type { Mailer } from '#server/mail/mailer';
import type { CanastaThread } from '#server/modules/comparacion/canasta/thread';
import type { ComparacionCache } from '#server/modules/comparacion/cache/comparacion-cache';
import type { UploadQueue } from '#server/modules/proveedor/carga/upload-queue';

export interface MetricsSources {
  database: Pick<Database, 'pool'>;
  comparacion: Pick<ComparacionCache, 'stats'>;
  mailer: Pick<Mailer, 'outbox'>;
  uploads: Pick<UploadQueue, 'size'>;
  /** The solver's thread: how long each basket took, and where it was solved. */
  canasta: Pick<CanastaThread, 'observe' | 'stats'>;
  /** The session cache of the token check, when there is one. */
  sesiones?: () => { entries: number; hits: number; misses: number };
}

/** Seconds, from a fast cached read to a long upload. */
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A counter that mirrors a running total kept elsewhere: it adds what the total grew since the last scrape. */
function mirroredCounter(registry: Registry, name: string, help: string, labelNames: string[], read: () => Record<string, number>) {
  const seen = new Map<string, number>();
  return new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      for (const [label, total] of Object.entries(read())) {
        // Never negative: a total read mid-update (the cache's misses during a preload) may dip, and a
        // counter that is decreased throws, which would turn the scrape into a 500.
        this.inc({ [labelNames[0]!]: label }, Math.max(0, total - (seen.get(label) ?? 0)));
        seen.set(label, Math.max(total, seen.get(label) ?? 0));
      }
    },
  });
}

/** Timing-safe comparison of the bearer token (lengths differ: not equal, without comparing). */
const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics in Prometheus' text format, with prom-client: request durations
 * by route and status, the solver's time by how it answered, the comparison cache, the database
 * pool, the outbox, the upload queue, and the process itself. Off unless METRICS_TOKEN is set; then
 * only `Authorization: Bearer <METRICS_TOKEN>` reads it. Each process answers for itself: scrape
 * every process, not the balancer.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined, sources: MetricsSources) {
  if (!token) {
    // Off: no collectors at all (the default ones start observers per app), and a 404 rather than
    // the SPA's index.html for the path.
    app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async () => {
      throw notFound();
    });
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duración de las solicitudes HTTP, por método, ruta y estado.',
    labelNames: ['method', 'route', 'status'],
    buckets: BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, never the raw URL: ids and query strings would make a series per request.
    const route = request.routeOptions.url ?? 'sin_ruta';
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  const tiempos = new Histogram({
    name: 'abastece_canasta_duration_seconds',
    help: 'Tiempo del motor y del solucionador de la canasta entregada por comparación, según cómo respondió (sin-terminos, por-linea, cota, busqueda, mip, presupuesto).',
    labelNames: ['via'],
    buckets: BUCKETS,
    registers: [registry],
  });
  const unobserve = sources.canasta.observe((via, segundos) => tiempos.observe({ via }, segundos));
  app.addHook('onClose', async () => {
    unobserve();
  });
  mirroredCounter(
    registry,
    'abastece_canastas_total',
    'Canastas resueltas: en el hilo del solucionador, sin términos (en el hilo de la solicitud), o de respaldo.',
    ['donde'],
    () => {
      const s = sources.canasta.stats();
      return { hilo: s.hilo, sin_terminos: s.sinTerminos, respaldo: s.respaldo };
    },
  );

  const { comparacion } = sources;
  new Gauge({
    name: 'abastece_cache_comparacion_entradas',
    help: 'Lo que guarda la caché de comparación: productos y ofertas.',
    labelNames: ['tipo'],
    registers: [registry],
    collect() {
      const s = comparacion.stats();
      this.set({ tipo: 'productos' }, s.productos);
      this.set({ tipo: 'ofertas' }, s.entries);
    },
  });
  mirroredCounter(
    registry,
    'abastece_cache_comparacion_lecturas_total',
    'Productos pedidos a la caché de comparación: en memoria (hit) o leídos de la base (miss).',
    ['resultado'],
    () => {
      const s = comparacion.stats();
      return { hit: s.hits, miss: s.misses };
    },
  );
  mirroredCounter(
    registry,
    'abastece_cache_comparacion_recargas_total',
    'Veces que la caché de comparación olvidó todo (escucha perdida o recuperada) o desalojó por el límite.',
    ['motivo'],
    () => {
      const s = comparacion.stats();
      return { olvido: s.forgets, desalojo: s.evictions };
    },
  );

  const { sesiones } = sources;
  if (sesiones) {
    new Gauge({
      name: 'abastece_cache_sesiones_entradas',
      help: 'Usuarios cuya sesión guarda en memoria la verificación de tokens.',
      registers: [registry],
      collect() {
        this.set(sesiones().entries);
      },
    });
    mirroredCounter(
      registry,
      'abastece_cache_sesiones_lecturas_total',
      'Verificaciones de token: sesión en memoria (hit) o leída de la base (miss).',
      ['resultado'],
      () => {
        const s = sesiones();
        return { hit: s.hits, miss: s.misses };
      },
    );
  }

  const { pool } = sources.database;
  if (pool) {
    new Gauge({
      name: 'abastece_db_pool_conexiones',
      help: 'Conexiones del pool de PostgreSQL: en uso, libres, y solicitudes esperando una.',
      labelNames: ['estado'],
      registers: [registry],
      collect() {
        const p = pool();
        this.set({ estado: 'en_uso' }, p.total - p.idle);
        this.set({ estado: 'libres' }, p.idle);
        this.set({ estado: 'esperando' }, p.waiting);
      },
    });
  }

  const { mailer } = sources;
  new Gauge({
    name: 'abastece_correos_salientes',
    help: 'Correos de la bandeja de salida (de todos los procesos): pendientes de enviar, y fallidos (agotaron sus intentos).',
    labelNames: ['estado'],
    registers: [registry],
    async collect() {
      const o = await mailer.outbox();
      this.set({ estado: 'pendiente' }, o.pendientes);
      this.set({ estado: 'fallido' }, o.fallidos);
    },
  });

  const { uploads } = sources;
  new Gauge({
    name: 'abastece_cargas_excel',
    help: 'Cargas de Excel de este proceso: leyéndose (en su hilo de trabajo) y en espera.',
    labelNames: ['estado'],
    registers: [registry],
    collect() {
      const s = uploads.size();
      this.set({ estado: 'activas' }, s.active);
      this.set({ estado: 'en_espera' }, s.waiting);
    },
  });

  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const [scheme, given] = request.headers.authorization?.split(' ') ?? [];
    if (scheme !== 'Bearer' || !given || !sameToken(given, token)) {
      throw new AppError(401, { detail: 'Las credenciales de autenticación no se proveyeron.' }, { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
