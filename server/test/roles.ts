import type { TestApp } from './test-app';

/** The five callers every endpoint is tested against (DEVELOPERS.md): demo accounts of the seed. */
export const ROLES = {
  anonimo: null,
  comprador: 'comprador@abastece.cl',
  proveedor: 'proveedor@abastece.cl',
  otroProveedor: 'ventas@frigorificolosandes.cl',
  moderador: 'moderador@abastece.cl',
} as const;
export type RoleName = keyof typeof ROLES;

export async function tokensByRole(t: TestApp): Promise<Record<RoleName, string | undefined>> {
  const entries = await Promise.all(Object.entries(ROLES).map(async ([role, email]) => [role, email ? await t.tokenFor(email) : undefined] as const));
  return Object.fromEntries(entries) as Record<RoleName, string | undefined>;
}
