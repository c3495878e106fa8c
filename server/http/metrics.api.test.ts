import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlujo } from '#server/test/cotizacion';
import { createTestApp, type TestApp } from '#server/test/test-app';

// GET /metrics, Prometheus' text format, off unless METRICS_TOKEN is set.
const TOKEN = 'token-de-metricas-de-prueba';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) => t.request({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
  /** The value of one series in the text format (the first line that starts with it). */
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('is off (404) when METRICS_TOKEN is not set', async () => {
    const off = await createTestApp();
    try {
      const res = await off.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'No encontrado.' });
    } finally {
      await off.close();
    }
  });

  it('answers only the bearer of METRICS_TOKEN', async () => {
    for (const authorization of [undefined, 'Bearer otro-token-cualquiera-xx', `JWT ${TOKEN}`, TOKEN, `Bearer ${TOKEN}x`]) {
      const res = await scrape(authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
    expect((await scrape(`Bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it('counts requests by route pattern and status, the comparison, its cache, the outbox and the upload queue', async () => {
    await t.request({ method: 'GET', url: '/api/ubicacion/comunas/?region=13' });
    await t.request({ method: 'GET', url: '/api/no-existe/123' });
    await createFlujo(t, [
      [1, 100],
      [2, 150],
    ]);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // The route's pattern, not the URL with its query.
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/api/ubicacion/comunas/",status="200"}')).toBe(1);
    expect(text).not.toContain('region=13');
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="sin_ruta",status="404"}')).toBe(1);
    expect(value(text, 'http_request_duration_seconds_count{method="POST",route="/api/cotizaciones/comparar-precios/",status="201"}')).toBe(1);
    // One comparison: one basket through the engine or the solver.
    expect(text).toMatch(/^abastece_canasta_duration_seconds_count\{via="[a-z-]+"\} 1$/m);
    expect(
      value(text, 'abastece_cache_comparacion_lecturas_total{resultado="hit"}')! + value(text, 'abastece_cache_comparacion_lecturas_total{resultado="miss"}')!,
    ).toBeGreaterThanOrEqual(2);
    expect(value(text, 'abastece_cache_comparacion_entradas{tipo="productos"}')).toBeGreaterThan(0);
    expect(value(text, 'abastece_correos_salientes{estado="pendiente"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'abastece_correos_salientes{estado="fallido"}')).toBe(0);
    expect(value(text, 'abastece_cargas_excel{estado="activas"}')).toBe(0);
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (t.database.kind === 'postgres') expect(value(text, 'abastece_db_pool_conexiones{estado="esperando"}')).toBe(0);
  });

  it('counts a mirrored total once: a second scrape adds only what happened since', async () => {
    const first = (await scrape(`Bearer ${TOKEN}`)).body;
    const series = 'abastece_cache_comparacion_lecturas_total{resultado="hit"}';
    const before = value(first, series)!;
    const second = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(value(second, series)).toBe(before);
  });
});
