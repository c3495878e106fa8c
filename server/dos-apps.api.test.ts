import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CARGAS_OCUPADAS } from '#common/schemas/proveedor-carga';
import { buildApp } from '#server/app';
import { parseConfig } from '#server/config';
import { createCanastaThread } from '#server/modules/comparacion/canasta/thread';
import { MAX_ACTIVE_CARGAS, MAX_WAITING_CARGAS } from '#server/modules/proveedor/carga/upload-queue';
import { filaExcel, multipartDe, xlsxDe } from '#server/test/carga';
import { setupTestApp } from '#server/test/test-app';

/**
 * What an app keeps in memory is its own: buildApp makes every part (caches, the uploads' queue,
 * the work left for after a reply…), so two apps in one process, as tests build them, share none.
 * What is one per process (the solver's thread) is handed to buildApp by whoever owns the process.
 */
const ctx = setupTestApp({ roleTokens: true });
const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', RATE_LIMIT_PER_MINUTE: '100000' });
const JWT_SECRET = 'secreto-de-pruebas-con-mas-de-32-caracteres';

let otra: FastifyInstance;
beforeAll(async () => {
  otra = await buildApp({ config, database: ctx.t.database, jwtSecret: JWT_SECRET });
  await otra.ready();
});
afterAll(() => otra.close());

describe('two apps in one process', () => {
  it('each has its own uploads’ queue: one full answers 429, the other takes the upload', async () => {
    const archivo = await xlsxDe([filaExcel({ sku: 'DOS-1', nombre: 'Mermelada de murta', categoria: 'SECOS' })]);
    const { payload, headers } = multipartDe(archivo);
    const subir = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/productos/cargar-excel/', payload, headers: { ...headers, authorization: `JWT ${ctx.tokens.proveedor}` } });
    const llenos = Array.from({ length: MAX_ACTIVE_CARGAS + MAX_WAITING_CARGAS }, (_, i) => ctx.t.app.uploads.reserve(-1 - i));
    try {
      const res = await subir(ctx.t.app);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ detail: CARGAS_OCUPADAS });
      expect((await subir(otra)).statusCode).toBe(200);
    } finally {
      for (const l of llenos) l.release();
    }
  });

  it('each waits, on close, for its own work after a reply only', async () => {
    let terminar = () => {};
    const empezo = new Promise<void>((empieza) => {
      otra.afterReply.run(otra.log, 'prueba', () => {
        empieza();
        return new Promise<void>((resolve) => {
          terminar = resolve;
        });
      });
    });
    await empezo;
    // The other app's task is still running: this one has nothing of its own to wait for.
    await ctx.t.app.afterReply.idle();
    terminar();
    await otra.afterReply.idle();
  });

  it('the solver’s thread handed to an app is the process’s: the app leaves it running when it closes', async () => {
    const hilo = createCanastaThread();
    const stop = vi.spyOn(hilo, 'stop');
    const app = await buildApp({ config, database: ctx.t.database, jwtSecret: JWT_SECRET, canasta: hilo });
    await app.ready();
    await app.close();
    expect(stop).not.toHaveBeenCalled();
    await hilo.stop();
  });
});
