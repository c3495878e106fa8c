import { describe, expect, it } from 'vitest';
import { totalEntregado } from './total-entregado';

const terminos = new Map([
  [1, { monto_minimo: 50_000, costo_despacho: 8_990, despacho_gratis_desde: 150_000 }],
  [2, { monto_minimo: 0, costo_despacho: 5_000, despacho_gratis_desde: null }],
]);

describe('totalEntregado', () => {
  it('adds each supplier its fee, none once its part reaches the free-delivery amount, and what it lacks for its minimum', () => {
    const t = totalEntregado(
      [
        { proveedor_id: 1, subtotal: 30_000 },
        { proveedor_id: 2, subtotal: 10_000 },
        { proveedor_id: 1, subtotal: 10_000 },
        { proveedor_id: 3, subtotal: 4_000 },
      ],
      (id) => terminos.get(id),
    );
    expect(t.proveedores).toEqual([
      { proveedor_id: 1, subtotal: 40_000, costo_despacho: 8_990, falta_minimo: 10_000 },
      { proveedor_id: 2, subtotal: 10_000, costo_despacho: 5_000, falta_minimo: 0 },
      { proveedor_id: 3, subtotal: 4_000, costo_despacho: 0, falta_minimo: 0 },
    ]);
    expect(t).toMatchObject({ total_productos: 54_000, total_despacho: 13_990, total: 67_990 });
  });

  it('charges nothing from the free-delivery amount on, and leaves out a supplier nothing was bought from', () => {
    const t = totalEntregado(
      [
        { proveedor_id: 1, subtotal: 150_000 },
        { proveedor_id: 2, subtotal: 0 },
      ],
      (id) => terminos.get(id),
    );
    expect(t.proveedores).toEqual([{ proveedor_id: 1, subtotal: 150_000, costo_despacho: 0, falta_minimo: 0 }]);
    expect(t.total).toBe(150_000);
  });
});
