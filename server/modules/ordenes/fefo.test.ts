import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centesimas } from '#common/numeros';
import { asignarFefo, type LoteUsable } from './fefo';

const lote = (id: number, proveedor_producto_id: number, cantidad: number, fecha_expiracion: string): LoteUsable => ({
  id,
  proveedor_producto_id,
  cantidad,
  fecha_expiracion,
});

describe('asignarFefo', () => {
  it('takes the lot expiring first, ties by lot id, and shares an offer’s lots between its lines', () => {
    const lotes = [lote(1, 7, 10, '2099-03-01'), lote(2, 7, 5, '2099-02-01'), lote(3, 7, 5, '2099-02-01'), lote(4, 8, 1, '2099-01-01')];
    expect(
      asignarFefo(
        [
          { proveedor_producto_id: 7, cantidad: 7 },
          { proveedor_producto_id: 7, cantidad: 4 },
          { proveedor_producto_id: 8, cantidad: 1 },
        ],
        lotes,
      ),
    ).toEqual({
      tomas: [
        [
          { lote_id: 2, cantidad: 5 },
          { lote_id: 3, cantidad: 2 },
        ],
        [
          { lote_id: 3, cantidad: 3 },
          { lote_id: 1, cantidad: 1 },
        ],
        [{ lote_id: 4, cantidad: 1 }],
      ],
      faltantes: [],
    });
  });

  it('reports each line it cannot cover with what was left for it', () => {
    const r = asignarFefo(
      [
        { proveedor_producto_id: 7, cantidad: 8 },
        { proveedor_producto_id: 7, cantidad: 8 },
        { proveedor_producto_id: 9, cantidad: 1 },
      ],
      [lote(1, 7, 10.5, '2099-01-01')],
    );
    expect(r.faltantes).toEqual([
      { indice: 1, disponible: 2.5 },
      { indice: 2, disponible: 0 },
    ]);
  });

  it('counts in hundredths: 0.1 + 0.2 of a 0.3 lot fits exactly', () => {
    const r = asignarFefo(
      [
        { proveedor_producto_id: 1, cantidad: 0.1 },
        { proveedor_producto_id: 1, cantidad: 0.2 },
      ],
      [lote(1, 1, 0.3, '2099-01-01')],
    );
    expect(r.faltantes).toEqual([]);
    expect(r.tomas.flat().map((t) => t.cantidad)).toEqual([0.1, 0.2]);
  });

  it('never takes more than a lot holds, and covers a line exactly or not at all (property)', () => {
    const cent = fc.integer({ min: 1, max: 50_000 }).map((c) => c / 100);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), cent, fc.integer({ min: 1, max: 28 })), { maxLength: 8 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), cent), { maxLength: 6 }),
        (ls, ps) => {
          const lotes = ls.map(([oferta, cantidad, dia], i) => lote(i + 1, oferta, cantidad, `2099-02-${String(dia).padStart(2, '0')}`));
          const lineas = ps.map(([proveedor_producto_id, cantidad]) => ({ proveedor_producto_id, cantidad }));
          const { tomas, faltantes } = asignarFefo(lineas, lotes);
          const tomado = new Map<number, number>();
          tomas.forEach((linea, i) => {
            const total = linea.reduce((s, t) => s + centesimas(t.cantidad), 0);
            const falta = faltantes.some((f) => f.indice === i);
            expect(total).toBe(falta ? 0 : centesimas(lineas[i]!.cantidad));
            for (const t of linea) {
              expect(lotes.find((l) => l.id === t.lote_id)!.proveedor_producto_id).toBe(lineas[i]!.proveedor_producto_id);
              tomado.set(t.lote_id, (tomado.get(t.lote_id) ?? 0) + centesimas(t.cantidad));
            }
          });
          for (const l of lotes) expect(tomado.get(l.id) ?? 0).toBeLessThanOrEqual(centesimas(l.cantidad));
        },
      ),
    );
  });
});
