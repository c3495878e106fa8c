import { type APIRequestContext, expect } from '@playwright/test';
import type { CondicionesDespacho } from '#common/despacho';
import { authHeaders, createProveedorByApi, type E2EProveedor } from '../fixtures';

// A supplier's offers are compared only once it saved its company data and its delivery terms
// (docs/decisions/024, 'Visibilidad'). A spec that signs a supplier up and then has a buyer compare
// it sets it up first, through the same API its screens use (/mi-empresa, /mis-condiciones).

/**
 * Terms that take nothing away: every day, same day until 23:59, every comuna, no minimum, free
 * delivery. A spec about other terms saves its own over these.
 */
const CONDICIONES_ABIERTAS = {
  dias_despacho: [1, 2, 3, 4, 5, 6, 7],
  anticipacion_dias: 0,
  hora_corte: '23:59',
  monto_minimo: 0,
  costo_despacho: 0,
  despacho_gratis_desde: null,
};

/** Saves open delivery terms for `proveedor` (over any it had), `terminos` changing some. */
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
