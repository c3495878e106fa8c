import { describe, expect, it } from 'vitest';
import type { LineaCanasta } from './plan';
import { desempaquetar, empaquetar } from './paquete';

describe('empaquetar', () => {
  it('gives back the solver’s fields of every offer, in order, dates shared, and the terms of the suppliers offering; the rest stays behind', () => {
    const lineas: LineaCanasta[] = [
      {
        cantidad: 12.5,
        ofertas: [
          { proveedor_producto_id: 7, proveedor_id: 3, tarifa: 4990, rangos: [], stock: 40.25, fecha_vencimiento: '2027-01-10' },
          {
            proveedor_producto_id: 9,
            proveedor_id: 4,
            tarifa: 5100,
            rangos: [
              { limite_inferior: 10, precio: 4800 },
              { limite_inferior: 50.5, precio: 0 },
            ],
            stock: 900,
            fecha_vencimiento: '2027-02-01',
          },
        ],
      },
      { cantidad: 3, ofertas: [] },
      { cantidad: 1, ofertas: [{ proveedor_producto_id: 11, proveedor_id: 3, tarifa: 1, rangos: [], stock: 1, fecha_vencimiento: '2027-01-10' }] },
    ];
    const conNombre = lineas.map((l) => ({ ...l, ofertas: l.ofertas.map((o) => ({ ...o, proveedor: 'Carnes del Sur', producto_id: 99 })) }));
    const terminos = new Map([
      [3, { monto_minimo: 50_000, costo_despacho: 8990, despacho_gratis_desde: 150_000 }],
      [4, { monto_minimo: 0, costo_despacho: 5000, despacho_gratis_desde: null }],
      [8, { monto_minimo: 1, costo_despacho: 1, despacho_gratis_desde: 1 }],
    ]);
    const conComunas = new Map([...terminos].map(([id, t]) => [id, { ...t, comunas: [1, 2, 3], hora_corte: '18:00' }]));
    const paquete = empaquetar(conNombre, conComunas);
    expect(paquete.fechas).toEqual(['2027-01-10', '2027-02-01']);
    terminos.delete(8);
    expect(desempaquetar(paquete)).toEqual({ lineas, terminos });
  });
});
