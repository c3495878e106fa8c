import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { parseConfig } from './config';
import { registeredRoutes } from './route-registry';
import { VALID_BODIES } from './test/fuzz-corpus';
import { createTestApp, setupTestApp } from './test/test-app';

const ctx = setupTestApp({ roleTokens: true });

const WRITING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Every writing endpoint of the app, with its path parameters filled in. */
const writingEndpoints = () =>
  registeredRoutes(ctx.t.app)
    .filter((route) => WRITING.has(route.method))
    .map((route) => ({ method: route.method as 'POST', url: route.url.replace(/:\w+/g, '1') }));

const json = { 'content-type': 'application/json' };
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const DEEP = { detail: 'La solicitud tiene demasiados niveles de anidación.' };

describe('deeply nested requests', () => {
  it('are refused with 400 on every writing endpoint, for every caller the route lets in (20,000 levels used to answer 500)', async () => {
    const endpoints = writingEndpoints();
    expect(endpoints.length).toBeGreaterThanOrEqual(10);
    const callers = [undefined, ...Object.values(ctx.tokens).filter(Boolean)];
    for (const { method, url } of endpoints) {
      for (const payload of [deepArray(20_000), deepObject(20_000), `{"x":${deepArray(500)}}`]) {
        const statuses: number[] = [];
        for (const token of callers) {
          const res = await ctx.t.request({ method, url, payload, headers: json, token });
          const label = `${method} ${url} ${payload.slice(0, 12)}…`;
          // A guard may refuse the caller first (401/403); whoever gets in meets the depth check.
          expect([400, 401, 403], label).toContain(res.statusCode);
          if (res.statusCode === 400) expect(res.json(), label).toEqual(DEEP);
          statuses.push(res.statusCode);
        }
        expect(statuses, `${method} ${url}`).toContain(400);
      }
    }
  });

  it('refuse the deepest body that fits in the body limit', async () => {
    const res = await ctx.t.request({ method: 'POST', url: '/auth/jwt/create/', payload: deepArray(500_000), headers: json });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(DEEP);
  });

  it('still accept the nesting our own bodies use', async () => {
    const res = await ctx.t.request({ method: 'POST', url: '/auth/jwt/create/', payload: { email: 'nadie@prueba.cl', password: 'x', extra: [[{ a: [1] }]] } });
    expect(res.statusCode).toBe(401);
  });

  it('cannot nest in a query string or path parameters: they reach the route flat', async () => {
    const query = `a${'[a]'.repeat(5_000)}=1&b=${'%5B'.repeat(2_000)}`;
    const res = await ctx.t.request({ method: 'GET', url: `/api/ubicacion/comunas/?region=13&${query}` });
    expect(res.statusCode).toBe(200);
    const params = await ctx.t.request({ method: 'DELETE', url: `/api/cotizaciones/direccion/${'%5B'.repeat(30)}/eliminar/`, token: ctx.tokens.comprador });
    expect(params.statusCode).toBe(400);
    expect(params.json()).toEqual({ id: ['Dirección inválida: falta el ID'] });
  });
});

describe('a wrong method on an existing path', () => {
  it.each([
    ['DELETE', '/auth/users/me/', 'GET, HEAD'],
    ['GET', '/auth/jwt/create/', 'POST'],
    ['PUT', '/auth/jwt/create', 'POST'],
    ['PATCH', '/api/cotizaciones/direccion/agregar/', 'POST'],
    ['GET', '/api/cotizaciones/direccion/7/editar/', 'PUT'],
    ['POST', '/api/ubicacion/comunas/?region=13', 'GET, HEAD'],
    ['OPTIONS', '/api/usuarios/usuarios/perfil/', 'PUT'],
  ] as const)('%s %s answers 405 with Allow: %s', async (method, url, allow) => {
    const res = await ctx.t.request({ method, url, token: ctx.tokens.comprador });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json()).toEqual({ detail: `Método "${method}" no permitido.` });
  });

  it('covers every registered route, without a list: each other method gets 405 naming the route’s', async () => {
    const routes = registeredRoutes(ctx.t.app).filter((route) => !route.url.includes('*'));
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const route of routes) {
      const url = route.url.replace(/:\w+/g, '1');
      const sameUrl = routes.filter((r) => r.url === route.url).map((r) => r.method);
      // A parametric route of that method may take the path (GET /api/ordenes/:id/ reads /api/ordenes/confirmar/): its own answer, not a 405.
      const tomada = (method: string) =>
        routes.some((r) => r.method === method && r.url !== route.url && new RegExp(`^${r.url.replace(/:\w+/g, '[^/]+')}$`).test(url));
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        if (sameUrl.includes(method) || tomada(method)) continue;
        const res = await ctx.t.request({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(405);
        expect(res.headers.allow?.toString().split(', '), `${method} ${url}`).toContain(route.method);
      }
    }
  });

  it('is decided by the path, whatever body came with it', async () => {
    for (const [contentType, payload] of [
      ['application/json', '{'],
      ['application/json', deepArray(20_000)],
      ['text/plain', 'x'],
      ['application/xml', '<a/>'],
      ['application/json', JSON.stringify({ a: 'x'.repeat(1_100_000) })],
    ] as const) {
      const wrong = await ctx.t.request({ method: 'PATCH', url: '/api/cotizaciones/direccion/agregar/', payload, headers: { 'content-type': contentType } });
      expect(wrong.statusCode, `${contentType} ${payload.slice(0, 10)}`).toBe(405);
      expect(wrong.json()).toEqual({ detail: 'Método "PATCH" no permitido.' });
      const unknown = await ctx.t.request({ method: 'POST', url: '/api/nada/', payload, headers: { 'content-type': contentType } });
      expect(unknown.statusCode, `${contentType} ${payload.slice(0, 10)}`).toBe(404);
    }
  });

  it('carries no body on HEAD', async () => {
    const res = await ctx.t.request({ method: 'HEAD', url: '/auth/jwt/create/' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('is answered before authentication: the method is wrong whoever asks', async () => {
    const res = await ctx.t.request({ method: 'PATCH', url: '/api/cotizaciones/direccion/1/eliminar/', payload: deepArray(100), headers: json });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('DELETE');
  });

  it('leaves unknown paths at 404, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nada/'],
      ['POST', '/auth/nada/'],
      ['DELETE', '/api/cotizaciones/direccion/1/'],
    ] as const) {
      const res = await ctx.t.request({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'No encontrado.' });
      expect(res.headers.allow).toBeUndefined();
    }
  });

  it('answers a path parameter longer than the router reads with a Spanish 414', async () => {
    const res = await ctx.t.request({ method: 'PUT', url: `/api/cotizaciones/direccion/${'9'.repeat(200)}/editar/` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ detail: 'La dirección de la solicitud es demasiado larga.' });
  });
});

describe('with the built client served', () => {
  it('keeps the history fallback for GET outside the API, and 405/404 under it', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abastece-spa-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Abastece</title>');
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data' });
    const app = await buildApp({ config, database: ctx.t.database, jwtSecret: 'secreto-de-pruebas-con-mas-de-32-caracteres', clientDir });
    try {
      const page = await app.inject({ method: 'GET', url: '/mi-cuenta' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Abastece</title>');
      expect((await app.inject({ method: 'POST', url: '/mi-cuenta' })).statusCode).toBe(404);
      const wrong = await app.inject({ method: 'GET', url: '/auth/jwt/create/' });
      expect(wrong.statusCode).toBe(405);
      expect(wrong.headers.allow).toBe('POST');
      expect((await app.inject({ method: 'GET', url: '/api/nada/' })).statusCode).toBe(404);
    } finally {
      await app.close();
      fs.rmSync(clientDir, { recursive: true });
    }
  });
});

describe('bodies that are not JSON objects', () => {
  const login = '/auth/jwt/create/';
  const UNSUPPORTED = { detail: 'Tipo de contenido no soportado.' };

  it.each([
    ['text/plain', '{"email":"a@b.cl","password":"x"}'],
    ['application/x-www-form-urlencoded', 'email=a%40b.cl&password=x'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.cl\r\n--x--\r\n'],
    ['application/xml', '<email>a@b.cl</email>'],
  ])('%s gets 415 in Spanish', async (contentType, payload) => {
    const res = await ctx.t.request({ method: 'POST', url: login, payload, headers: { 'content-type': contentType } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(UNSUPPORTED);
  });

  it('explain invalid or empty JSON in Spanish', async () => {
    for (const payload of ['{"email":', '', 'hola', '{"a":1}}']) {
      const res = await ctx.t.request({ method: 'POST', url: login, payload, headers: json });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ detail: 'El cuerpo de la solicitud no es JSON válido.' });
    }
  });

  it('say so when no data came at all, instead of "required" about nothing', async () => {
    for (const request of [{}, { payload: 'null', headers: json }]) {
      const res = await ctx.t.request({ method: 'POST', url: login, ...request });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: ['No se proporcionaron datos.'] });
    }
  });

  it('read a JSON body whatever the charset parameter or the case of the type', async () => {
    for (const contentType of ['application/json; charset=utf-8', 'Application/JSON', 'application/json; charset=latin1']) {
      const res = await ctx.t.request({ method: 'POST', url: login, payload: '{}', headers: { 'content-type': contentType } });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json(), contentType).toEqual({ email: ['Este campo es requerido.'], password: ['Este campo es requerido.'] });
    }
  });

  it('refuse a body beyond the limit with 413 in Spanish', async () => {
    const res = await ctx.t.request({ method: 'POST', url: '/auth/users/', payload: JSON.stringify({ first_name: 'x'.repeat(1_100_000) }), headers: json });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'La solicitud es demasiado grande.' });
  });

  it('name every field of the wrong type in Spanish', async () => {
    const res = await ctx.t.request({
      method: 'POST',
      url: '/auth/users/',
      payload: { first_name: 1, last_name: 'x'.repeat(151), email: ['a'], password: {}, re_password: true, is_comprador: 'quizas' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      first_name: ['No es una cadena válida.'],
      last_name: ['Asegúrese de que este campo no tenga más de 150 caracteres.'],
      password: ['No es una cadena válida.'],
      re_password: ['No es una cadena válida.'],
      is_comprador: ['Debe ser verdadero o falso.'],
    });
  });

  it('name numbers out of range and a list instead of an object in Spanish', async () => {
    const res = await ctx.t.request({
      method: 'POST',
      url: '/api/cotizaciones/direccion/agregar/',
      token: ctx.tokens.comprador,
      payload: {
        nombre_contacto: 'Ana',
        correo_contacto: 'ana@prueba.cl',
        telefono_contacto: 912345678,
        direccion_envio: 'Av. Providencia 1234',
        region: 1e300,
        comuna: 13123,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ telefono_contacto: ['No es una cadena válida.'], region: ['Seleccione una región'] });
    const list = await ctx.t.request({ method: 'POST', url: '/auth/jwt/create/', payload: [1, 2] });
    expect(list.json()).toEqual({ non_field_errors: ['Datos inválidos. Se esperaba un objeto con campos.'] });
  });

  it('refuse NUL, control characters and lone surrogates in values and in keys, on the field they are in', async () => {
    for (const [payload, body] of [
      [{ email: 'a\u0000@b.cl', password: 'x' }, { email: ['Contiene caracteres no permitidos.'] }],
      [{ email: 'a@b.cl', password: 'x\u0007' }, { password: ['Contiene caracteres no permitidos.'] }],
      [{ email: 'a\u009b@b.cl', password: 'x' }, { email: ['Contiene caracteres no permitidos.'] }],
      [{ email: 'a@b.cl', password: 'x\ud800' }, { password: ['Contiene caracteres no permitidos.'] }],
      [{ email: 'a@b.cl', password: '\udc00x' }, { password: ['Contiene caracteres no permitidos.'] }],
      [{ email: 'a@b.cl', password: 'x', 'k\u0000': 1 }, { detail: 'La solicitud contiene caracteres no permitidos.' }],
    ] as const) {
      const res = await ctx.t.request({ method: 'POST', url: '/auth/jwt/create/', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(body);
    }
    // A pair of surrogates is one character (an emoji), and tabs and new lines are text.
    const bien = await ctx.t.request({ method: 'POST', url: '/auth/jwt/create/', payload: { email: 'a@b.cl', password: 'clave 🥩\tcon\nlíneas' } });
    expect(bien.statusCode).toBe(401);
    const query = await ctx.t.request({ method: 'GET', url: '/api/ubicacion/comunas/?region=%00' });
    expect(query.statusCode).toBe(400);
  });

  it('refuse a SKU with a lone surrogate on registrar-nuevos with a Spanish 400, writing nothing (it answered 500)', async () => {
    const fila = {
      ...VALID_BODIES['POST /api/productos/registrar-nuevos/']!,
      productos: [{ ...(VALID_BODIES['POST /api/productos/registrar-nuevos/']!.productos as object[])[0], sku: 'X\ud800' }],
    };
    const res = await ctx.t.request({ method: 'POST', url: '/api/productos/registrar-nuevos/', token: ctx.tokens.proveedor, payload: fila });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ productos: ['Contiene caracteres no permitidos.'] });
  });

  it('refuse prototype-pollution keys and leave Object.prototype alone', async () => {
    for (const payload of [
      '{"__proto__":{"polluted":1},"email":"a@b.cl","password":"x"}',
      '{"constructor":{"prototype":{"polluted":1}},"email":"a@b.cl","password":"x"}',
    ]) {
      const res = await ctx.t.request({ method: 'POST', url: '/auth/jwt/create/', payload, headers: json });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ detail: 'El cuerpo de la solicitud no es JSON válido.' });
    }
    const query = await ctx.t.request({ method: 'GET', url: '/api/ubicacion/comunas/?region=13&__proto__[polluted]=1&constructor[prototype][polluted]=1' });
    expect(query.statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answer a URL that does not decode in Spanish, not with Fastify’s English body', async () => {
    const res = await ctx.t.request({ method: 'GET', url: '/api/ubicacion/%E0%A4%A/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'La dirección de la solicitud no es válida.' });
  });
});

describe('the global rate limit', () => {
  it('answers 429 in Spanish', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1' });
    try {
      await limited.request({ method: 'GET', url: '/api/ubicacion/regiones/' });
      const res = await limited.request({ method: 'POST', url: '/auth/jwt/create/', payload: deepArray(50), headers: json });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ detail: 'Demasiadas solicitudes. Intenta de nuevo más tarde.' });
    } finally {
      await limited.close();
    }
  });
});

/** What Node's HTTP parser refuses never reaches Fastify's routing: answered on the socket. */
describe('requests the HTTP parser refuses', () => {
  const rawExchange = async (text: string) => {
    const address = await ctx.t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => null);
    const port = (ctx.t.app.server.address() as net.AddressInfo).port;
    expect(address ?? port).toBeTruthy();
    return new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  };

  it('answer a malformed request line with a Spanish 400', async () => {
    const answer = await rawExchange('NO ES HTTP\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.split('\r\n\r\n')[1]).toBe(JSON.stringify({ detail: 'La solicitud no es válida.' }));
  });

  it('answer headers over the limit with a Spanish 431', async () => {
    const answer = await rawExchange(`GET /api/health/ HTTP/1.1\r\nHost: x\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.split('\r\n\r\n')[1]).toBe(JSON.stringify({ detail: 'Los encabezados de la solicitud son demasiado grandes.' }));
  });
});

/**
 * These two land with other branches (guards as onRequest hooks; impossible dates
 * in fecha_nacimiento): they fail on the malformed-requests branch alone, by design.
 */
describe('with the guards and the date branches', () => {
  it('anonymous writes with an invalid body get 401 before validation', async () => {
    for (const [method, url] of [
      ['PUT', '/api/usuarios/usuarios/perfil/'],
      ['POST', '/api/cotizaciones/direccion/agregar/'],
      ['PUT', '/api/cotizaciones/direccion/x/editar/'],
      ['DELETE', '/api/cotizaciones/direccion/x/eliminar/'],
      ['POST', '/api/cotizaciones/direccion/x/activar/'],
    ] as const) {
      for (const payload of [{}, { region: 'x' }, deepArray(20_000)]) {
        const res = await ctx.t.request({ method, url, payload, headers: json });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ detail: 'Las credenciales de autenticación no se proveyeron.' });
      }
    }
  });

  it('an impossible date gets the field’s Spanish error', async () => {
    const me = (await ctx.t.request({ method: 'GET', url: '/auth/users/me/', token: ctx.tokens.comprador })).json();
    for (const fecha of ['2000-02-30', '1990-13-01', '1990-04-31']) {
      const res = await ctx.t.request({
        method: 'PUT',
        url: '/api/usuarios/usuarios/perfil/',
        token: ctx.tokens.comprador,
        payload: { ...me, fecha_nacimiento: fecha },
      });
      expect(res.statusCode, fecha).toBe(400);
      expect(Object.keys(res.json()), fecha).toEqual(['fecha_nacimiento']);
    }
  });
});
