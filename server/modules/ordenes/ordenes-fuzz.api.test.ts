import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VALID_BODIES } from '#server/test/fuzz-corpus';
import { setupTestApp } from '#server/test/test-app';
import { actualizar, createFlujo, createProductoConOfertas } from '#server/test/cotizacion';

/**
 * The generic fuzz test (server/fuzz.api.test.ts) meets these endpoints on quotations that do not
 * exist (404 before the service runs). Here the quotation is the caller's own, with a selection
 * and stock, so mutated bodies reach the services, the locks and the writes.
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
    'NaN',
    "' OR 1=1 --",
    '__proto__',
    'Mª O’Higgins',
    '12.345.678-K',
    '9',
    13,
    13123,
    5101,
    0,
    -1,
    2 ** 31,
    1.5,
    1e300,
    true,
  ),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

describe('crear-orden and actualizar with hostile fields on a real quotation', () => {
  it('never answer 5xx; errors are Spanish JSON', async () => {
    const p = await createProductoConOfertas(ctx.t, [{ tarifa: 5000, rangos: { 100: 4800 }, lotes: [[100_000, '2099-06-01']] }]);
    const nuevo = async () => {
      const f = await createFlujo(ctx.t, [[p.productoId, 100]], ctx.tokens.comprador);
      expect((await actualizar(ctx.t, f, [[p.ofertas[0]!, 100]], ctx.tokens.comprador)).statusCode).toBe(200);
      return f;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('orden', 'actualizar'),
        fc.constantFrom(
          ...Object.keys(VALID_BODIES['POST /api/facturacion/crear-orden/']!),
          'productos.0.cantidad',
          'productos.0.precio',
          'productos.0.proveedor_producto_id',
        ),
        hostil,
        async (ruta, campo, valor) => {
          const f = await nuevo();
          const res =
            ruta === 'orden'
              ? await ctx.t.request({
                  method: 'POST',
                  url: '/api/facturacion/crear-orden/',
                  token: ctx.tokens.comprador,
                  payload: {
                    ...VALID_BODIES['POST /api/facturacion/crear-orden/'],
                    cotizacion_id: f.cotizacionId,
                    cotizante_id: f.cotizanteId,
                    [campo]: valor,
                  },
                })
              : await ctx.t.request({
                  method: 'PUT',
                  url: `/api/cotizaciones/${f.cotizacionId}/actualizar/`,
                  token: ctx.tokens.comprador,
                  payload: {
                    productos: [
                      {
                        proveedor_producto_id: p.ofertas[0],
                        cantidad: 100,
                        precio: 1,
                        ...(campo.startsWith('productos.0.') ? { [campo.slice(12)]: valor } : {}),
                      },
                    ],
                  },
                });
          const label = `${ruta} ${campo}=${JSON.stringify(valor)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, label).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.headers['content-type'], label).toMatch(/^application\/json/);
            expect(res.body, label).not.toMatch(/Expected|Invalid input|Required|must be/);
          }
        },
      ),
      { numRuns: 120 },
    );
  }, 120_000);
});
