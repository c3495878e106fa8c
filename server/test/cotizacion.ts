import { expect } from 'vitest';
import type { CompararPrecios } from '#common/schemas/comparacion';
import { CLAVE_COTIZACION_HEADER } from '#common/schemas/cotizaciones';
import type { TestApp } from './test-app';
import { ENTREGA } from './entrega';
import { createOfertaDePrueba, createProductoDePrueba, findProveedorIds } from './ofertas';

export { ENTREGA };

/**
 * Test data for the order endpoints, through the real flow: crear-solicitud, crear-cotizante and
 * comparar-precios (which stores the quotation and the engine's options). Tests then set the
 * choice they need with PUT actualizar, the endpoint under test.
 */

export const conClave = (clave?: string | null): Record<string, string> => (clave ? { [CLAVE_COTIZACION_HEADER]: clave } : {});

export interface Flujo {
  cotizacionId: number;
  cotizanteId: number;
  solicitudId: number;
  /** The anonymous holder's clave; null for a user's quotation. */
  clave: string | null;
}

/**
 * A request for `productos` [id, cantidad], its delivery record and its price comparison, made by
 * `token` (anonymous when undefined); `comparacion` is what comparar-precios answered.
 */
export async function createFlujo(
  t: TestApp,
  productos: Array<[number, number]>,
  token?: string,
  entrega: Partial<typeof ENTREGA> = {},
): Promise<Flujo & { comparacion: CompararPrecios }> {
  const s = await t.request({
    method: 'POST',
    url: '/api/cotizaciones/crear-solicitud/',
    token,
    payload: { productos: productos.map(([producto, cantidad]) => ({ producto, cantidad })) },
  });
  expect(s.statusCode, s.body).toBe(201);
  const clave = s.json().clave as string | null;
  const c = await t.request({
    method: 'POST',
    url: '/api/cotizaciones/crear-cotizante/',
    token,
    headers: conClave(clave),
    payload: { ...ENTREGA, ...entrega, solicitud_id: s.json().id },
  });
  expect(c.statusCode, c.body).toBe(201);
  const q = await t.request({
    method: 'POST',
    url: '/api/cotizaciones/comparar-precios/',
    token,
    headers: conClave(clave),
    payload: {
      productos: s.json().detalles.map((d: { producto_id: number; cantidad: number }) => ({ producto: d.producto_id, cantidad: d.cantidad })),
      solicitudId: s.json().id,
    },
  });
  expect(q.statusCode, q.body).toBe(201);
  return { cotizacionId: q.json().cotizacion_id, cotizanteId: c.json().cotizante_id, solicitudId: s.json().id, clave, comparacion: q.json() };
}

/** PUT actualizar with [proveedor_producto_id, cantidad, precio?] items. */
export const actualizar = (t: TestApp, f: Flujo, items: Array<[number, number, unknown?]>, token?: string, clave: string | null = f.clave) =>
  t.request({
    method: 'PUT',
    url: `/api/cotizaciones/${f.cotizacionId}/actualizar/`,
    token,
    headers: conClave(clave),
    payload: { productos: items.map(([proveedor_producto_id, cantidad, precio]) => ({ proveedor_producto_id, cantidad, precio: precio ?? 1 })) },
  });

export const crearOrden = (t: TestApp, f: Flujo, token?: string, billing: Record<string, unknown> = {}, clave: string | null = f.clave) =>
  t.request({
    method: 'POST',
    url: '/api/facturacion/crear-orden/',
    token,
    headers: conClave(clave),
    payload: { cotizacion_id: f.cotizacionId, cotizante_id: f.cotizanteId, ...billing },
  });

/** A new approved product (category with tiers from 100 kg) with one offer per entry. */
export async function createProductoConOfertas(
  t: TestApp,
  ofertas: Array<{ tarifa: number; rangos?: Record<number, number>; lotes: Array<[number, string]>; proveedor?: number }>,
  { unidadNombre = 'KILO' }: { unidadNombre?: 'KILO' | 'CAJA' } = {},
) {
  const { db } = t.database;
  const p = await createProductoDePrueba(db, { unidadNombre });
  const proveedores = await findProveedorIds(db);
  const ids: number[] = [];
  for (const [i, o] of ofertas.entries()) {
    ids.push(
      await createOfertaDePrueba(db, {
        productoId: p.id,
        categoriaId: p.categoria_id,
        proveedorId: proveedores[o.proveedor ?? i]!,
        tarifa: o.tarifa,
        rangos: o.rangos,
        lotes: o.lotes,
      }),
    );
  }
  return { productoId: p.id, ofertas: ids };
}
