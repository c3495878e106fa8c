import { describe, expect, it } from 'vitest';
import type { TerminosDespacho } from '#common/despacho';
import { canastaAlAzar, canastaFuerzaBruta, oferta, terminos } from '#server/test/canasta-fuerza-bruta';
import { canastaOptima, type LineaCanasta } from './canasta';
import { compararLinea } from '../motor/engine';
import { azar } from '#server/test/azar';

const cobertura = (c: { cantidades: number[][] }) => c.cantidades.flat().reduce((s, q) => s + q, 0);

describe('canastaOptima', () => {
  it('equals the brute force on 2,000 random small baskets: the most coverage, then the least landed total', async () => {
    const r = azar(22);
    const vias: Record<string, number> = {};
    for (let caso = 0; caso < 2000; caso++) {
      const { lineas, terminos: mapa } = canastaAlAzar(r);
      const esperado = canastaFuerzaBruta(lineas, mapa);
      const c = await canastaOptima(lineas, mapa, { presupuestoMs: 10_000 });
      vias[c.via] = (vias[c.via] ?? 0) + 1;
      const contexto = JSON.stringify({ caso, lineas, terminos: [...mapa], c });
      expect(c.optimo, contexto).toBe(true);
      expect(cobertura(c), contexto).toBe(esperado.cobertura);
      expect(c.total, contexto).toBe(esperado.total);
      // Every line within its quantity, every offer within its stock.
      lineas.forEach((l, i) => {
        expect(c.cantidades[i]!.reduce((s, q) => s + q, 0)).toBeLessThanOrEqual(l.cantidad);
        l.ofertas.forEach((o, k) => {
          expect(c.cantidades[i]![k]!).toBeLessThanOrEqual(Math.floor(o.stock));
        });
      });
    }
    // Every way of answering is exercised (a way that stopped answering would go unchecked).
    expect(Object.keys(vias).sort(), JSON.stringify(vias)).toEqual(['busqueda', 'cota', 'descomposicion', 'mip', 'por-linea']);
  });

  it('stopped early, never claims more than it proved: the optimum lies within diferencia_maxima of the answer (1,500 random small baskets)', async () => {
    const r = azar(31);
    const cuenta = { probadas: 0, acotadas: 0, sinCota: 0 };
    for (let caso = 0; caso < 1500; caso++) {
      const { lineas, terminos: mapa } = canastaAlAzar(r);
      const esperado = canastaFuerzaBruta(lineas, mapa);
      // A few nodes of the search, and too little time left for HiGHS: the answer is what the
      // search (or the bound before it) could prove; budget 0 stops even the search's first node.
      const opciones = caso % 4 === 0 ? { presupuestoMs: 0 } : { presupuestoMs: 99, maxNodos: caso % 4 };
      const c = await canastaOptima(lineas, mapa, opciones);
      const contexto = JSON.stringify({ caso, opciones, lineas, terminos: [...mapa], c, esperado });
      if (c.optimo) {
        cuenta.probadas++;
        expect(c.diferencia_maxima, contexto).toBe(0);
        expect(c.total, contexto).toBe(esperado.total);
      } else if (c.diferencia_maxima === null) {
        cuenta.sinCota++;
      } else {
        cuenta.acotadas++;
        // Only a basket of the most coverage carries a bound.
        expect(cobertura(c), contexto).toBe(esperado.cobertura);
        expect(c.diferencia_maxima, contexto).toBeGreaterThan(0);
        expect(c.total - c.diferencia_maxima, contexto).toBeLessThanOrEqual(esperado.total);
      }
    }
    // Each kind of answer occurs (the bound is exercised, not skipped).
    expect(Math.min(cuenta.probadas, cuenta.acotadas), JSON.stringify(cuenta)).toBeGreaterThan(50);
  });

  it('proves the same landed total with the exact search as with the program alone, on 60 random baskets of realistic quantities', async () => {
    // Too large for the brute force (lines of 20–300 units, tiers from 50 units on), small enough
    // for HiGHS to prove: where the search gives up, both are the program and the check is void.
    const r = azar(14);
    const entero = (a: number, b: number) => a + Math.floor(r() * (b - a + 1));
    let busqueda = 0;
    for (let caso = 0; caso < 60; caso++) {
      const mapa = new Map<number, TerminosDespacho>();
      for (let s = 1; s <= 8; s++) {
        if (r() < 0.3) continue;
        const minimo = r() < 0.5 ? 0 : 100 * entero(5, 40);
        mapa.set(s, terminos(minimo, r() < 0.2 ? 0 : 10 * entero(20, 90), r() < 0.4 ? null : minimo + 100 * entero(5, 60)));
      }
      const lineas: LineaCanasta[] = Array.from({ length: entero(3, 6) }, () => ({
        cantidad: entero(20, 300),
        ofertas: [1, 2, 3, 4, 5, 6, 7, 8]
          .filter(() => r() < 0.6)
          .map((s) => {
            const tarifa = entero(20, 40);
            const rangos: Array<[number, number]> = [50, 100, 200].flatMap((desde, j) =>
              r() < 0.5 ? [[desde, tarifa - j - entero(1, 2)] as [number, number]] : [],
            );
            return oferta(s, tarifa, entero(0, 250), rangos);
          }),
      }));
      const c = await canastaOptima(lineas, mapa, { presupuestoMs: 20_000 });
      const mip = await canastaOptima(lineas, mapa, { presupuestoMs: 20_000, busqueda: false });
      const contexto = JSON.stringify({ caso, lineas, terminos: [...mapa], c, mip });
      expect(c.optimo && mip.optimo, contexto).toBe(true);
      expect(cobertura(c), contexto).toBe(cobertura(mip));
      expect(c.total, contexto).toBe(mip.total);
      if (c.via === 'busqueda') busqueda++;
    }
    expect(busqueda).toBeGreaterThan(20);
  });

  it('does not take a cheaper supplier whose fee costs more than it saves', async () => {
    const lineas = [
      { cantidad: 5, ofertas: [oferta(1, 10, 10), oferta(2, 9, 10)] },
      { cantidad: 3, ofertas: [oferta(1, 10, 10)] },
    ];
    const c = await canastaOptima(lineas, new Map([[2, terminos(0, 10)]]));
    expect(c.cantidades).toEqual([[5, 0], [3]]);
    expect(c).toMatchObject({
      optimo: true,
      total_productos: 80,
      total_despacho: 0,
      total: 80,
      proveedores: [{ proveedor_id: 1, subtotal: 80, costo_despacho: 0 }],
    });
  });

  it('moves a line to a supplier so that it reaches free delivery', async () => {
    const lineas = [
      { cantidad: 8, ofertas: [oferta(1, 10, 10)] },
      { cantidad: 5, ofertas: [oferta(2, 4, 10), oferta(1, 5, 10)] },
    ];
    // Per line: 80 + 20 and a fee of 20 at supplier 1 (120). All of line 2 at supplier 1 is free
    // (105), but just enough of it to reach 100 is cheaper: 1 unit at supplier 2 (104).
    const c = await canastaOptima(lineas, new Map([[1, terminos(0, 20, 100)]]));
    expect(c.cantidades).toEqual([[8], [1, 4]]);
    expect(c).toMatchObject({ optimo: true, total: 104, total_despacho: 0, via: 'busqueda' });
  });

  it('lifts a supplier a line cannot do without to its minimum instead of leaving the line empty, even with no budget', async () => {
    // Line 1 only at supplier 1, whose minimum is 100: per line it sells 50, under it, and leaving
    // it out leaves line 1 empty. Buying line 2 there too reaches the minimum.
    const lineas = [
      { cantidad: 5, ofertas: [oferta(1, 10, 5)] },
      { cantidad: 5, ofertas: [oferta(2, 9, 5), oferta(1, 10, 5)] },
    ];
    const mapa = new Map([[1, terminos(100, 0)]]);
    const sinTiempo = await canastaOptima(lineas, mapa, { presupuestoMs: 0 });
    expect(sinTiempo.cantidades).toEqual([[5], [0, 5]]);
    // Not proven (the per-line optima cost 95), but it says how far it can be.
    expect(sinTiempo).toMatchObject({ optimo: false, total: 100, diferencia_maxima: 5 });
    expect(await canastaOptima(lineas, mapa)).toMatchObject({ cantidades: [[5], [0, 5]], optimo: true, total: 100 });
  });

  it('where the first feasible basket loses coverage, the search finds the full one within the default budget, and HiGHS with none', async () => {
    // Lines 1 and 2 each need supplier 1 or 2 (minimum 100 each, 50 alone); line 3 is cheaper at
    // supplier 3. Lifting supplier 1 takes line 3 from supplier 3, lifting 2 then takes it from 1,
    // which leaves: the first basket loses line 1. Five units of line 3 each reach both minimums.
    const lineas = [
      { cantidad: 5, ofertas: [oferta(1, 10, 5)] },
      { cantidad: 5, ofertas: [oferta(2, 10, 5)] },
      { cantidad: 10, ofertas: [oferta(1, 10, 10), oferta(2, 10, 10), oferta(3, 9, 10)] },
    ];
    const mapa = new Map([
      [1, terminos(100, 0)],
      [2, terminos(100, 0)],
    ]);
    const lleno = { cantidades: [[5], [5], [5, 5, 0]], optimo: true, total: 200 };
    expect(await canastaOptima(lineas, mapa)).toMatchObject({ ...lleno, via: 'busqueda' });
    // Coverage first: with no budget, HiGHS still gets the time to find it.
    expect(await canastaOptima(lineas, mapa, { presupuestoMs: 0 })).toMatchObject({ ...lleno, via: 'mip' });
  });

  it('where no basket covers every line, the program finds the most that can be, whatever the budget', async () => {
    // Lines 1 and 2 each only at one supplier, line 3 at either; each supplier reaches its minimum
    // only with line 3 too, so one of lines 1 and 2 stays uncovered.
    const lineas = [
      { cantidad: 5, ofertas: [oferta(1, 10, 5)] },
      { cantidad: 5, ofertas: [oferta(2, 10, 5)] },
      { cantidad: 5, ofertas: [oferta(1, 10, 5), oferta(2, 10, 5)] },
    ];
    const c = await canastaOptima(
      lineas,
      new Map([
        [1, terminos(100, 0)],
        [2, terminos(100, 0)],
      ]),
      { presupuestoMs: 0 },
    );
    expect(c).toMatchObject({ optimo: true, total: 100, via: 'mip' });
    expect(c.proveedores).toHaveLength(1);
  });

  it('leaves out a supplier that cannot reach its minimum and says so', async () => {
    const lineas = [{ cantidad: 5, ofertas: [oferta(2, 1, 10), oferta(1, 10, 10)] }];
    const c = await canastaOptima(lineas, new Map([[2, terminos(1000, 0)]]));
    expect(c.cantidades).toEqual([[0, 5]]);
    expect(c).toMatchObject({ optimo: true, total: 50, bajo_minimo: [2] });
  });

  it('supplies the most before it costs the least: a fee paid to cover the line', async () => {
    const lineas = [{ cantidad: 6, ofertas: [oferta(1, 10, 3), oferta(2, 10, 3)] }];
    const c = await canastaOptima(lineas, new Map([[2, terminos(0, 1000)]]));
    expect(c.cantidades).toEqual([[3, 3]]);
    expect(c).toMatchObject({ optimo: true, total: 1060, total_despacho: 1000 });
  });

  it('supplies whole units of a fractional quantity instead of leaving the line empty', async () => {
    // Found by a review: 5.5 passed straight to the engine could not be reached with whole units.
    const lineas = [{ cantidad: 5.5, ofertas: [oferta(1, 10, 5), oferta(2, 12, 1.5)] }];
    const c = await canastaOptima(lineas, new Map());
    expect(c.cantidades).toEqual([[5, 0]]);
    expect(c).toMatchObject({ optimo: true, total: 50, via: 'por-linea' });
    expect(c.total).toBe(canastaFuerzaBruta(lineas, new Map()).total);
  });

  it('with no terms, selects what compararLinea selects on every line', async () => {
    const r = azar(9);
    const entero = (a: number, b: number) => a + Math.floor(r() * (b - a + 1));
    const lineas = Array.from({ length: 30 }, () => ({
      cantidad: entero(1, 1500),
      ofertas: Array.from({ length: entero(1, 40) }, (_, i) => {
        const tarifa = entero(3000, 3100);
        return oferta(
          1 + ((i * 7) % 50),
          tarifa,
          entero(0, 2000),
          [100, 300, 700].map((limite, k) => [limite, tarifa - (k + 1) * entero(20, 40)] as [number, number]),
          r() < 0.5 ? '2027-01-01' : '2027-02-01',
        );
      }),
    }));
    const c = await canastaOptima(lineas, new Map());
    expect(c).toMatchObject({ optimo: true, via: 'por-linea', total_despacho: 0 });
    lineas.forEach((l, i) => {
      const seleccion = new Map(compararLinea(l.cantidad, l.ofertas).seleccionadas.map((a) => [a.oferta.proveedor_producto_id, a.cantidad]));
      expect(c.cantidades[i]).toEqual(l.ofertas.map((o) => seleccion.get(o.proveedor_producto_id) ?? 0));
    });
  });

  it('answers a feasible basket, not proven optimal, when it has no budget', async () => {
    const lineas = [
      { cantidad: 8, ofertas: [oferta(1, 10, 10)] },
      { cantidad: 5, ofertas: [oferta(2, 4, 10), oferta(1, 5, 10)] },
    ];
    const c = await canastaOptima(lineas, new Map([[1, terminos(50, 20, 100)]]), { presupuestoMs: 0 });
    // The per-line optima with supplier 1's fee: feasible, 120; the optimum (104) needs the solver.
    expect(c).toMatchObject({ optimo: false, via: 'presupuesto', total: 120 });
    expect(c.cantidades).toEqual([[8], [5, 0]]);
  });

  it('proves a fee that cannot be avoided without the solver', async () => {
    const lineas = [
      { cantidad: 5, ofertas: [oferta(1, 10, 10), oferta(2, 9, 10)] },
      { cantidad: 3, ofertas: [oferta(1, 10, 10), oferta(3, 9, 10)] },
    ];
    // Supplier 2 cannot reach 60; supplier 3 never reaches 100, so it pays 5 or its line costs 3 more.
    const mapa = new Map([
      [2, terminos(60, 10)],
      [3, terminos(0, 5, 100)],
    ]);
    const c = await canastaOptima(lineas, mapa, { presupuestoMs: 0 });
    expect(c).toMatchObject({ optimo: true, via: 'cota', total: 80, bajo_minimo: [2] });
  });
});
