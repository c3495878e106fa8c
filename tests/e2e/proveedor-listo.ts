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

/** Saves the company of `proveedor` (its nombre de fantasía: the name the spec gave it) and open terms. */
export async function prepararProveedorByApi(request: APIRequestContext, proveedor: E2EProveedor, terminos: Partial<CondicionesDespacho> = {}): Promise<void> {
  const headers = authHeaders(proveedor.access);
  const empresa = await request.put('/api/proveedor/empresa/', {
    headers,
    data: {
      razon_social: `${proveedor.empresa} SpA`,
      nombre_fantasia: proveedor.empresa,
      rut: '76.086.428-5',
      giro: 'Venta al por mayor de alimentos',
      direccion: 'Av. Providencia 1234',
      region: 13,
      comuna: 13123,
      telefono: '+56912345678',
      correo_ventas: proveedor.email,
    },
  });
  expect(empresa.status(), await empresa.text()).toBe(200);
  // Every comuna: what GET shows a supplier that never saved its terms.
  const { comunas } = await (await request.get('/api/proveedor/condiciones/', { headers })).json();
  const condiciones = await request.put('/api/proveedor/condiciones/', { headers, data: { comunas, ...CONDICIONES_ABIERTAS, ...terminos } });
  expect(condiciones.status(), await condiciones.text()).toBe(200);
}

/** createProveedorByApi, then set up: a supplier buyers can compare from the start. */
export async function createProveedorListoByApi(request: APIRequestContext, empresa: string): Promise<E2EProveedor> {
  const proveedor = await createProveedorByApi(request, empresa);
  await prepararProveedorByApi(request, proveedor);
  return proveedor;
}
