import { describe, expect, it } from 'vitest';
import { SIN_TERMINOS, totalDeSubtotales, totalEntregado } from './total-entregado';

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

describe('the landed total at the edges of the terms', () => {
  const t = { monto_minimo: 50_000, costo_despacho: 8_990, despacho_gratis_desde: 150_000 };
  const de = (subtotal: number) => totalDeSubtotales([[1, subtotal]], () => t).proveedores[0];

  it('a part exactly at the minimum lacks nothing; a peso under lacks a peso', () => {
    expect(de(50_000)).toMatchObject({ falta_minimo: 0, costo_despacho: 8_990 });
    expect(de(49_999)).toMatchObject({ falta_minimo: 1, costo_despacho: 8_990 });
  });

  it('a part exactly at the free-delivery amount pays no fee; a peso under pays it', () => {
    expect(de(150_000)?.costo_despacho).toBe(0);
    expect(de(149_999)?.costo_despacho).toBe(8_990);
  });

  it('a part worth nothing is left out: no fee, no minimum', () => {
    expect(totalDeSubtotales([[1, 0]], () => t)).toEqual({ proveedores: [], total_productos: 0, total_despacho: 0, total: 0 });
  });

  it('a supplier without terms has no minimum and no fee (SIN_TERMINOS)', () => {
    expect(SIN_TERMINOS).toEqual({ monto_minimo: 0, costo_despacho: 0, despacho_gratis_desde: null });
    expect(totalDeSubtotales([[7, 1]], () => undefined)).toEqual({
      proveedores: [{ proveedor_id: 7, subtotal: 1, costo_despacho: 0, falta_minimo: 0 }],
      total_productos: 1,
      total_despacho: 0,
      total: 1,
    });
  });

  it('parts already added up keep the order given; totalEntregado adds lines up first, in the order first seen', () => {
    const orden = (x: { proveedores: Array<{ proveedor_id: number }> }) => x.proveedores.map((p) => p.proveedor_id);
    expect(
      orden(
        totalDeSubtotales(
          [
            [3, 10],
            [1, 20],
            [2, 30],
          ],
          () => undefined,
        ),
      ),
    ).toEqual([3, 1, 2]);
    expect(
      orden(
        totalEntregado(
          [
            { proveedor_id: 2, subtotal: 5 },
            { proveedor_id: 1, subtotal: 5 },
            { proveedor_id: 2, subtotal: 5 },
          ],
          () => undefined,
        ),
      ),
    ).toEqual([2, 1]);
  });
});
