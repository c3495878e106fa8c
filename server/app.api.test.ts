import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestApp, setupTestApp } from './test/test-app';

const ctx = setupTestApp();

const PATHS = [
  '/api/productos/consolidated-data/',
  '/api/productos/rangosprecios/',
  '/api/ubicacion/regiones/',
  '/api/ubicacion/comunas/',
  '/api/facturacion/rubros/',
  '/api/empresas/metodos-pago/',
  '/auth/jwt/create/',
  '/auth/jwt/refresh/',
  '/auth/jwt/verify/',
  '/auth/users/me/',
  '/auth/users/',
  '/auth/users/activation/',
  '/auth/users/resend_activation/',
  '/auth/users/reset_password/',
  '/auth/users/reset_password_confirm/',
  '/auth/users/set_password/',
  '/api/usuarios/usuarios/perfil/',
  '/api/cotizaciones/direccion/obtener/',
  '/api/cotizaciones/direccion/activa/',
  '/api/cotizaciones/direccion/agregar/',
  '/api/cotizaciones/direccion/1/editar/',
  '/api/cotizaciones/direccion/x/eliminar/',
  '/api/cotizaciones/direccion/99999999999/activar/',
];

describe('every response', () => {
  it('carries the security headers of the auth contract', async () => {
    for (const url of ['/api/ubicacion/regiones/', '/api/nada/', '/auth/users/me/']) {
      const res = await ctx.t.request({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      // One answer about framing: CSP agrees with X-Frame-Options.
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      // HSTS only over HTTPS: a plain-HTTP answer does not carry it.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('sends HSTS over HTTPS, as a TLS-terminating balancer reports it', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const https = await t.request({ method: 'GET', url: '/api/ubicacion/regiones/', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await t.request({ method: 'GET', url: '/api/ubicacion/regiones/', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('answers unknown API paths with a JSON 404 in Spanish', async () => {
    for (const url of ['/api/nada/', '/auth/nada/', '/api']) {
      const res = await ctx.t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'No encontrado.' });
    }
  });

  it('accepts paths with or without the trailing slash', async () => {
    const res = await ctx.t.request({ method: 'GET', url: '/api/ubicacion/regiones' });
    expect(res.statusCode).toBe(200);
  });

  it('sends 401 with WWW-Authenticate when credentials are missing', async () => {
    const res = await ctx.t.request({ method: 'GET', url: '/auth/users/me/' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('JWT realm="api"');
    expect(res.json()).toEqual({ detail: 'Las credenciales de autenticación no se proveyeron.' });
  });
});

describe('malformed requests', () => {
  it('never get a 5xx, whatever the method, path, headers or body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        fc.constantFrom(...PATHS),
        fc.string({ maxLength: 30 }),
        fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 3 }), fc.constant('{"email":{"$gt":""},"password":[1]}')),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/json; charset=latin1'),
        fc.oneof(
          fc.constant(undefined),
          fc.string({ maxLength: 40 }).map((s) => `JWT ${s}`),
          fc.string({ maxLength: 40 }),
        ),
        async (method, path, query, body, contentType, authorization) => {
          const res = await ctx.t.request({
            method,
            url: `${path}?${encodeURIComponent(query)}=${encodeURIComponent(query)}`,
            payload: method === 'GET' ? undefined : body,
            headers: { 'content-type': contentType, ...(authorization === undefined ? {} : { authorization }) },
          });
          expect(res.statusCode, `${method} ${path} ${body}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.headers['content-type']).toMatch(/application\/json/);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('explains invalid JSON in Spanish', async () => {
    const res = await ctx.t.request({ method: 'POST', url: '/auth/jwt/create/', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'El cuerpo de la solicitud no es JSON válido.' });
  });
});

describe('documentation', () => {
  it('publishes an OpenAPI document generated from the zod schemas, with a page at /api/docs', async () => {
    const doc = (await ctx.t.request({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of PATHS.filter((p) => !p.includes('/direccion/') || p.endsWith('obtener/'))) expect(Object.keys(doc.paths), path).toContain(path);
    expect(doc.paths['/api/ubicacion/comunas/'].get.parameters[0].name).toBe('region');
    const page = await ctx.t.request({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
