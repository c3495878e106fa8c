import { type APIRequestContext, expect } from '@playwright/test';
import { CONDICIONES_ABIERTAS, type CondicionesDespacho } from '#common/despacho';
import { authHeaders, createProveedorByApi, type E2EProveedor } from '../fixtures';

// A supplier's offers are compared only once it saved its company data and its delivery terms
// (docs/decisions/024, 'Visibilidad'). A spec that signs a supplier up and then has a buyer compare
// it sets it up first, through the same API its screens use (/mi-empresa, /mis-condiciones).

/** Saves open delivery terms (CONDICIONES_ABIERTAS, every comuna) for `proveedor` over any it had, `terminos` changing some; a spec about other terms saves its own. */
export async function guardarCondicionesByApi(request: APIRequestContext, proveedor: { access: string }, terminos: Partial<CondicionesDespacho> = {}) {
  const headers = authHeaders(proveedor.access);
  // Every comuna: what GET shows a supplier that never saved its terms.
  const { comunas } = await (await request.get('/api/proveedor/condiciones/', { headers })).json();
  const res = await request.put('/api/proveedor/condiciones/', { headers, data: { comunas, ...CONDICIONES_ABIERTAS, ...terminos } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A new supplier with its company (createProveedorByApi) and open terms saved: buyers compare it from the start. */
export async function createProveedorListoByApi(request: APIRequestContext, empresa: string): Promise<E2EProveedor> {
  const proveedor = await createProveedorByApi(request, empresa);
  await guardarCondicionesByApi(request, proveedor);
  return proveedor;
}
