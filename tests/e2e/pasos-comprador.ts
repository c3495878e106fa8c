import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import type { ResultadoComparacion } from '#common/schemas/comparacion';
import { accessToken, authHeaders, type E2EUser } from '../fixtures';

// What several specs do for a buyer without its screens: another browser, the catalogue's ids, a
// quotation (and its order) through the API as the screens send it.

/** A browser of its own (another device, or another person's), at the test's width. */
export async function otroNavegador(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'es-CL', timezoneId: 'America/Santiago' });
  return context.newPage();
}

/** The catalogue's ids of these products, by name. */
export async function idsDeProductos(request: APIRequestContext, nombres: string[]): Promise<number[]> {
  const catalogo: { productos: Array<{ id: number; nombre: string }> } = await (await request.get('/api/productos/consolidated-data/')).json();
  return nombres.map((n) => catalogo.productos.find((p) => p.nombre === n)!.id);
}

/** Delivery data of a quotation made through the API, unless a test gives its own. */
export const ENTREGA_POR_API = {
  nombre_contacto: 'Cocina Central',
  correo_contacto: 'cocina@prueba.cl',
  telefono_contacto: '+56922334455',
  direccion_envio: 'Av. Italia 1450',
  region: 13,
  comuna: 13120,
};

/**
 * A quotation of `user` through the API, as the screens send it (crear-solicitud, crear-cotizante,
 * comparar-precios), and with `comprar` its order (crear-orden, with `facturacion` when given); the
 * comparison's lines (`resultados`) as the results screen gets them.
 */
export async function cotizarPorApi(
  request: APIRequestContext,
  user: E2EUser,
  productos: Array<{ producto: number; cantidad: number }>,
  {
    comprar = false,
    entrega = ENTREGA_POR_API,
    facturacion = {},
  }: { comprar?: boolean; entrega?: typeof ENTREGA_POR_API; facturacion?: Record<string, unknown> } = {},
): Promise<{ cotizacionId: number; resultados: ResultadoComparacion[]; ordenId?: number }> {
  const headers = authHeaders(await accessToken(request, user));
  const s = await request.post('/api/cotizaciones/crear-solicitud/', { headers, data: { productos } });
  expect(s.status(), await s.text()).toBe(201);
  const solicitudId: number = (await s.json()).id;
  const c = await request.post('/api/cotizaciones/crear-cotizante/', { headers, data: { ...entrega, solicitud_id: solicitudId } });
  expect(c.status(), await c.text()).toBe(201);
  const q = await request.post('/api/cotizaciones/comparar-precios/', { headers, data: { productos, solicitudId } });
  expect(q.status(), await q.text()).toBe(201);
  const { cotizacion_id: cotizacionId, resultados }: { cotizacion_id: number; resultados: ResultadoComparacion[] } = await q.json();
  if (!comprar) return { cotizacionId, resultados };
  const o = await request.post('/api/facturacion/crear-orden/', {
    headers,
    data: { cotizacion_id: cotizacionId, cotizante_id: (await c.json()).cotizante_id, ...facturacion },
  });
  expect(o.status(), await o.text()).toBe(201);
  return { cotizacionId, resultados, ordenId: (await o.json()).orden_id };
}
