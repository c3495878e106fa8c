import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';

describe('GET /api/health and GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.request({ method: 'GET', url });

  it('health says the process answers, with or without the trailing slash', async () => {
    for (const url of ['/api/health', '/api/health/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('ready answers 200 once the database answers, the migrations are applied and the comparison cache listens with its preload done', async () => {
    // The preload runs in the background after app.ready(): ready may say 503 a moment first.
    let res = await get('/api/ready');
    for (let i = 0; i < 100 && res.statusCode !== 200; i++) {
      expect(res.statusCode).toBe(503);
      expect(res.json().fallan).toEqual(['cache_comparacion']);
      await new Promise((r) => setTimeout(r, 50));
      res = await get('/api/ready');
    }
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is never rate limited: a balancer probes every few seconds from one address', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      for (let i = 0; i < 10; i++) {
        expect((await limited.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        expect((await limited.request({ method: 'GET', url: '/api/ready' })).statusCode).not.toBe(429);
      }
    } finally {
      await limited.close();
    }
  });

  it('ready answers 503 naming what fails: a cache that stopped listening', async () => {
    const other = await createTestApp();
    try {
      await other.app.comparacion.stop();
      const res = await other.request({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'no_listo', fallan: ['cache_comparacion'] });
    } finally {
      await other.close();
    }
  });
  // Ready during a real shutdown (SIGTERM to a process): server/shutdown.test.ts.
});
