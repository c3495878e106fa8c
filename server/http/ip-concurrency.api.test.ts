import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { COMPARACIONES_EN_CURSO, MAX_COMPARACIONES_POR_IP } from '#server/modules/comparacion/comparacion.routes';
import { conClave, ENTREGA } from '#server/test/cotizacion';
import { setupTestApp } from '#server/test/test-app';

/**
 * docs/decisions/012, "Una dirección, pocas a la vez": an anonymous flood of comparisons from one
 * address must not slow everyone else's. Each address has MAX_COMPARACIONES_POR_IP in flight at
 * most; the next is a 429 at once, while another address is served. No timing is asserted.
 */
const ctx = setupTestApp();

/** An anonymous request and its delivery record, ready for comparar-precios: its body and headers. */
async function comparable() {
  const catalogo = await ctx.t.request({ method: 'GET', url: '/api/productos/consolidated-data/' });
  const producto = (catalogo.json() as { productos: Array<{ id: number }> }).productos[0]!.id;
  const s = await ctx.t.request({ method: 'POST', url: '/api/cotizaciones/crear-solicitud/', payload: { productos: [{ producto, cantidad: 100 }] } });
  expect(s.statusCode, s.body).toBe(201);
  const headers = conClave(s.json().clave);
  const c = await ctx.t.request({
    method: 'POST',
    url: '/api/cotizaciones/crear-cotizante/',
    headers,
    payload: { ...ENTREGA, solicitud_id: s.json().id },
  });
  expect(c.statusCode, c.body).toBe(201);
  return {
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ productos: [{ producto, cantidad: 100 }], solicitudId: s.json().id }),
  };
}

describe('comparisons in flight per address', () => {
  it(`one address: ${MAX_COMPARACIONES_POR_IP} in flight, the next 429 with a Spanish detail and Retry-After; another address is served; once answered, room again`, async () => {
    const { headers, body } = await comparable();
    const comparar = (remoteAddress: string, payload: string | PassThrough) =>
      ctx.t.request({ method: 'POST', url: '/api/cotizaciones/comparar-precios/', remoteAddress, headers, payload });

    // Bodies held open: each request is in flight (headers in, body still coming) until they end.
    const retenidos = Array.from({ length: MAX_COMPARACIONES_POR_IP }, () => new PassThrough());
    const enCurso = retenidos.map((cuerpo) => comparar('203.0.113.7', cuerpo));
    await new Promise((r) => setTimeout(r, 100));

    const rechazada = await comparar('203.0.113.7', body);
    expect(rechazada.statusCode).toBe(429);
    expect(rechazada.json()).toEqual({ detail: COMPARACIONES_EN_CURSO });
    expect(rechazada.headers['retry-after']).toBe('1');

    const otra = await comparar('198.51.100.20', body);
    expect(otra.statusCode, otra.body).toBe(201);

    for (const cuerpo of retenidos) cuerpo.end(body);
    expect((await Promise.all(enCurso)).map((r) => r.statusCode)).toEqual(Array(MAX_COMPARACIONES_POR_IP).fill(201));
    const despues = await comparar('203.0.113.7', body);
    expect(despues.statusCode, despues.body).toBe(201);
  });

  it('a refused or failed comparison gives its place back: a bad body is a 400 that holds nothing', async () => {
    const { headers } = await comparable();
    for (let i = 0; i < MAX_COMPARACIONES_POR_IP * 3; i++) {
      const res = await ctx.t.request({
        method: 'POST',
        url: '/api/cotizaciones/comparar-precios/',
        remoteAddress: '203.0.113.9',
        headers,
        payload: '{"productos":',
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
