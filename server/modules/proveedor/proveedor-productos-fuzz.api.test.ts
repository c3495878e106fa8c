import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProveedorProducto } from '#common/schemas/proveedor-productos';
import { VALID_BODIES } from '#server/test/fuzz-corpus';
import { setupTestApp } from '#server/test/test-app';

/**
 * The generic fuzz test (server/fuzz.api.test.ts) meets PATCH proveedoresproductos/{id}/ mostly
 * with ids that are not the caller's (404 before the service runs). Here the offer and its lot are
 * the demo supplier's own, so hostile fields reach the service, the locks and the writes: never a
 * 5xx, and a refused edit leaves the offer exactly as it was.
 */
const ctx = setupTestApp({ roleTokens: true });

const hostil = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    null,
    '\uD800',
    '1e400',
    '-1',
    '-0',
    'NaN',
    '0,5',
    '1.999',
    '99999999999',
    '2147483648',
    "' OR 1=1 --",
    '__proto__',
    '2000-02-30',
    '9999-12-31',
    '2099-01-31',
  ),
  fc.constantFrom(0, -1, 2 ** 31, 1.5, 1e300, 12.345, true),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(
    fc.constantFrom('Desde 100 kg', 'Desde 300 kg', 'Desde 50 kg', '', '__proto__'),
    fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), fc.constant(null)),
    { maxKeys: 3 },
  ),
);

describe('PATCH proveedoresproductos/{id}/ with hostile fields on the caller own offer', () => {
  it('never answers 5xx; a refused edit changes nothing', async () => {
    const list = async (): Promise<ProveedorProducto[]> =>
      (await ctx.t.request({ method: 'GET', url: '/api/productos/proveedoresproductos/', token: ctx.tokens.proveedor })).json();
    const oferta = (await list()).find((o) => o.stock.length > 0)!;
    const valido: Record<string, unknown> = {
      ...VALID_BODIES['PATCH /api/productos/proveedoresproductos/:id/']!,
      stock_id: oferta.stock[0]!.id,
      cantidad_anterior: undefined,
    };
    const campos = [...Object.keys(valido), 'rangos.Desde 100 kg', 'rangos.Desde 1500 kg'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...campos), hostil, async (campo, valor) => {
        const antes = (await list()).find((o) => o.id === oferta.id);
        const body: Record<string, unknown> = { ...valido, rangos: { ...(valido.rangos as object) } };
        if (campo.startsWith('rangos.')) (body.rangos as Record<string, unknown>)[campo.slice(7)] = valor;
        else body[campo] = valor;
        const res = await ctx.t.request({
          method: 'PATCH',
          url: `/api/productos/proveedoresproductos/${oferta.id}/`,
          token: ctx.tokens.proveedor,
          payload: body,
        });
        expect(res.statusCode, `${campo}=${JSON.stringify(valor)}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(Object.values(res.json()).flat().join(' ')).toMatch(/[a-záéíóúñ]/i);
          expect((await list()).find((o) => o.id === oferta.id)).toEqual(antes);
        }
      }),
      { numRuns: 100 },
    );
  });
});
