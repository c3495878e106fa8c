import { describe, expect, it } from 'vitest';
import { METODOS_PAGO, RUBROS } from '#server/db/seed/reference';
import { ROLES, type RoleName } from '#server/test/roles';
import { setupTestApp } from '#server/test/test-app';

const ctx = setupTestApp({ roleTokens: true });

describe.each([
  ['/api/facturacion/rubros/', RUBROS],
  ['/api/empresas/metodos-pago/', METODOS_PAGO],
])('GET %s', (url, expected) => {
  it('lists id and nombre of every seeded entry, for every role', async () => {
    for (const role of Object.keys(ROLES) as RoleName[]) {
      const res = await ctx.t.request({ method: 'GET', url, token: ctx.tokens[role] });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().map((r: { nombre: string }) => r.nombre)).toEqual(expected);
    }
  });
});
