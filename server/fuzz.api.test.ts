import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VALID_BODIES } from './test/fuzz-corpus';
import { type RegisteredRoute, registeredRoutes } from './route-registry';
import { ROLES, type RoleName } from './test/roles';
import { setupTestApp } from './test/test-app';

/**
 * Hostile requests against every writing endpoint, found in the app's own
 * routes at test time (the endpoints of later issues are fuzzed without editing this file),
 * anonymous and with each role's token. Any 5xx fails and prints the request; any 4xx must be
 * a DRF-style JSON body in Spanish.
 */
const ctx = setupTestApp({ roleTokens: true });

const WRITING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const NUM_RUNS = 400;

/** Kept small and printable: fast-check shows it as the counterexample, the body is built from it. */
type BodySpec =
  | { kind: 'fields'; value: Record<string, unknown> }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'deep'; open: '[' | '{"a":' | '[{"a":'; depth: number }
  | { kind: 'huge'; field: string; length: number }
  | { kind: 'none' };

const CLOSE = { '[': ']', '{"a":': '}', '[{"a":': '}]' } as const;

function bodyText(spec: BodySpec): string | undefined {
  switch (spec.kind) {
    case 'fields':
    case 'json':
      return JSON.stringify(spec.value);
    case 'text':
      return spec.text;
    case 'deep':
      return spec.open.repeat(spec.depth) + (spec.open === '[' ? '' : '1') + CLOSE[spec.open].repeat(spec.depth);
    case 'huge':
      return JSON.stringify({ [spec.field]: 'ñ'.repeat(spec.length) });
    case 'none':
      return undefined;
  }
}

/** Values a field may receive: plausible ones (to reach services and the database) and hostile ones. */
const fieldValue = fc.oneof(
  fc.constantFrom(
    'Ana Pérez',
    'ana@prueba.cl',
    '+56912345678',
    'Av. Providencia 1234, oficina 5',
    'clave-de-prueba-9',
    13,
    13123,
    1,
    true,
    false,
    '1990-05-17',
  ),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '2000-02-30',
    '9999-99-99',
    '1e400',
    '-1',
    '99999999999999999999',
    'NaN',
    "' OR 1=1 --",
    '__proto__',
    'Mª O’Higgins',
    // What z.coerce used to turn into a real id or number, and text no field may hold.
    '+1',
    '0x10',
    '11.0',
    '1e0',
    'true',
    'X\uD800',
    '\uDC00',
    'a\u0007b',
    'a\u009bb',
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e300, -1, 0, 2 ** 31, 2 ** 53 + 1, Number.MAX_VALUE),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** The field names of a route's zod body, so wrong types land on real fields. */
const bodyKeys = (route: RegisteredRoute): string[] => {
  const shape = (route.schema?.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
};

/** A valid body with one field replaced, removed or added (or none, to reach success paths too). */
const mutatedBody = (valid: Record<string, unknown>): fc.Arbitrary<BodySpec> =>
  fc.tuple(fc.constantFrom(...Object.keys(valid), 'extra'), fc.constantFrom('replace', 'remove', 'keep'), fieldValue).map(([key, how, value]) => {
    const body = { ...valid };
    if (how === 'replace') body[key] = value;
    if (how === 'remove') delete body[key];
    return { kind: 'fields' as const, value: body };
  });

const bodySpec = (route: RegisteredRoute): fc.Arbitrary<BodySpec> => {
  const keys = bodyKeys(route);
  const valid = VALID_BODIES[`${route.method} ${route.url}`];
  return fc.oneof(
    ...(valid ? [{ weight: 4, arbitrary: mutatedBody(valid) }] : []),
    {
      weight: 4,
      arbitrary: fc
        .record(Object.fromEntries([...keys, 'extra'].map((k) => [k, fieldValue])), { requiredKeys: [] })
        .map((value) => ({ kind: 'fields' as const, value })),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => ({ kind: 'json' as const, value })) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.string({ maxLength: 60 }),
          fc.constantFrom('{"email":', '{}}', 'null', '"x"', '1e400', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000', 'a=1&b=2'),
        )
        .map((text) => ({ kind: 'text' as const, text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ open: fc.constantFrom('[' as const, '{"a":' as const, '[{"a":' as const), depth: fc.constantFrom(33, 1_000, 20_000) })
        .map((d) => ({ kind: 'deep' as const, ...d })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ field: fc.constantFrom(...keys, 'x'), length: fc.constantFrom(10_000, 400_000, 600_000) })
        .map((h) => ({ kind: 'huge' as const, ...h })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );
};

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'multipart/form-data',
      'application/xml',
      'application/octet-stream',
      'application/json-patch+json',
      ';;;',
      undefined,
    ),
  },
);

/** A path parameter: a plausible id or something that is not one. */
const paramValue = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '7',
    '0',
    '-1',
    '1.5',
    '1e400',
    '99999999999',
    'abc',
    '%00',
    '%20',
    'null',
    '__proto__',
    '9'.repeat(99),
    '+1',
    '0x10',
    '11.0',
    '1e0',
    'true',
  ),
  fc.integer({ min: 1, max: 100_000 }).map(String),
);

const query = fc.constantFrom('', '?a=1', `?a${'[a]'.repeat(2_000)}=1`, '?__proto__[x]=1', '?%00=%00', '?region=1&region=2');

const callers = Object.keys(ROLES) as RoleName[];
const ENGLISH_KEYS = ['error', 'message', 'statusCode', 'code'];
const ENGLISH = /^(Invalid|Too (big|small)|Unrecognized|Expected|Required|Bad Request|Not Found|Unsupported|Body|Route|Method|Client|Internal)/;

/** Every message string of a DRF-style body: {detail} or {field: [msgs]}. */
const messages = (body: unknown): string[] =>
  typeof body === 'object' && body !== null
    ? Object.values(body)
        .flatMap((v) => (Array.isArray(v) ? v : [v]))
        .filter((v): v is string => typeof v === 'string')
    : [];

describe('fuzzing every writing endpoint', () => {
  it('never answers 5xx, and every 4xx is a Spanish JSON body', async () => {
    const routes = registeredRoutes(ctx.t.app).filter((route) => WRITING.has(route.method) && !route.schema?.hide);
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const request = fc.constantFrom(...routes).chain((route) => {
      const params = route.url.match(/:\w+/g) ?? [];
      return fc.record({
        method: fc.constant(route.method),
        url: fc.tuple(...params.map(() => paramValue)).map((values) => values.reduce<string>((url, v, i) => url.replace(params[i]!, v), route.url)),
        query,
        caller: fc.constantFrom(...callers),
        contentType,
        body: bodySpec(route),
      });
    });

    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const payload = bodyText(r.body);
        const res = await ctx.t.request({
          method: r.method as 'POST',
          url: r.url + r.query,
          headers: r.contentType === undefined ? {} : { 'content-type': r.contentType },
          payload,
          token: ctx.tokens[r.caller],
        });
        const shown = payload === undefined ? '(sin cuerpo)' : payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} caracteres)` : payload;
        const label = `${r.method} ${r.url}${r.query.slice(0, 60)} como ${r.caller}, content-type ${r.contentType}: ${shown} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(res.headers['content-type'], label).toMatch(/^application\/json/);
          const body = res.json();
          for (const key of ENGLISH_KEYS.filter((k) => k !== 'code')) expect(body, label).not.toHaveProperty(key);
          for (const message of messages(body)) expect(message, label).not.toMatch(ENGLISH);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  }, 120_000);
});

/** Each shape named a real record or quantity once (z.coerce read '+1' as 1, `true` as 1). */
const NO_NUMEROS: unknown[] = [true, false, '+1', '0x10', '1e0', 'true', ' 1 2 '];
/** An id is a whole number in plain digits: '11.0' names no record either (a quantity may be written so). */
const NO_IDS: unknown[] = [...NO_NUMEROS, '11.0', ' 1'];
const esId = (campo: string) => /(^|_)id$|Id$|^(producto|region|comuna|rubro|metodo_pago)$/.test(campo);

/** Fields a body may carry that the server never reads (docs/producto.md §7 sends actualizar's precio; the server prices it). */
const IGNORADOS = new Set(['PUT /api/cotizaciones/:id/actualizar/ productos[0].precio']);

/** The fields of a valid body whose value is a number, one level into a list of items (productos[0].cantidad). */
function numberFields(valid: Record<string, unknown>): Array<{ label: string; with(value: unknown): Record<string, unknown> }> {
  const out: Array<{ label: string; with(value: unknown): Record<string, unknown> }> = [];
  for (const [key, value] of Object.entries(valid)) {
    if (typeof value === 'number') out.push({ label: key, with: (v) => ({ ...valid, [key]: v }) });
    const first = Array.isArray(value) ? value[0] : undefined;
    if (typeof first !== 'object' || first === null) continue;
    for (const [inner, innerValue] of Object.entries(first)) {
      if (typeof innerValue === 'number' && inner !== 'id') {
        out.push({ label: `${key}[0].${inner}`, with: (v) => ({ ...valid, [key]: [{ ...first, [inner]: v }, ...(value as unknown[]).slice(1)] }) });
      }
    }
  }
  return out;
}

describe('ids and numbers are plain numbers on every writing endpoint', () => {
  it('a path id other than plain digits names no record', async () => {
    const routes = registeredRoutes(ctx.t.app).filter((route) => WRITING.has(route.method) && route.url.includes(':id'));
    expect(routes.length).toBeGreaterThanOrEqual(5);
    for (const route of routes) {
      for (const id of ['+1', '0x10', '11.0', '1e0', 'true', '1%20']) {
        for (const caller of callers) {
          const valid = VALID_BODIES[`${route.method} ${route.url}`];
          const res = await ctx.t.request({ method: route.method as 'POST', url: route.url.replace(':id', id), payload: valid, token: ctx.tokens[caller] });
          expect([400, 401, 403, 404], `${route.method} ${route.url} id ${id} como ${caller}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
        }
      }
    }
  });

  it('a number field given as a boolean or as text that is not a plain decimal is a 400, for every caller the route lets in', async () => {
    let probados = 0;
    for (const route of registeredRoutes(ctx.t.app).filter((r) => WRITING.has(r.method))) {
      const valid = VALID_BODIES[`${route.method} ${route.url}`];
      if (!valid) continue;
      const url = route.url.replace(':id', '1');
      for (const field of numberFields(valid).filter((f) => !IGNORADOS.has(`${route.method} ${route.url} ${f.label}`))) {
        for (const value of esId(field.label.split('.').at(-1)!) ? NO_IDS : NO_NUMEROS) {
          for (const caller of callers) {
            const res = await ctx.t.request({ method: route.method as 'POST', url, payload: field.with(value), token: ctx.tokens[caller] });
            const label = `${route.method} ${url} ${field.label}=${JSON.stringify(value)} como ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`;
            // 401/403/404: the caller is not let in, or the record is not theirs; never 2xx.
            expect([400, 401, 403, 404, 429], label).toContain(res.statusCode);
            if (res.statusCode === 400) probados++;
          }
        }
      }
    }
    expect(probados).toBeGreaterThan(50);
  }, 120_000);
});
