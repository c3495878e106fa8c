import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METODOS_PAGO, RUBROS } from '../../db/seed/reference';
import { ROLES, type RoleName, tokensByRole } from '../../test/roles';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let tokens: Record<RoleName, string | undefined>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t);
});
afterAll(() => t.close());

describe.each([
  ['/api/facturacion/rubros/', RUBROS],
  ['/api/empresas/metodos-pago/', METODOS_PAGO],
])('GET %s', (url, expected) => {
  it('lists id and nombre of every seeded entry, for every role', async () => {
    for (const role of Object.keys(ROLES) as RoleName[]) {
      const res = await t.request({ method: 'GET', url, token: tokens[role] });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().map((r: { nombre: string }) => r.nombre)).toEqual(expected);
    }
  });
});
