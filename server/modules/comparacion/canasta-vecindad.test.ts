import { describe, expect, it } from 'vitest';
import { azar } from '../../test/azar';
import { canastaAlAzar, canastaFuerzaBruta, oferta, terminos } from '../../test/canasta-fuerza-bruta';
import { canastaOptima } from './canasta';
import { evaluar, type LineaCanasta } from './canasta-plan';
import { mejorarVecindad } from './canasta-vecindad';

const SIN_RELOJ = Number.POSITIVE_INFINITY;
const unidades = (plan: number[][]) => plan.map((q) => q.reduce((s, x) => s + x, 0));

describe('mejorarVecindad', () => {
  it('lifts a supplier to its free delivery to drop a fee payer, which neither move does alone', () => {
    // P: $8.000 of fee, never free. T: $9.000 of fee, free from $15.000. Q: no terms.
    const lineas: LineaCanasta[] = [
      { cantidad: 10, ofertas: [oferta(1, 1000, 10), oferta(2, 1100, 10)] },
      { cantidad: 5, ofertas: [oferta(3, 900, 5), oferta(2, 1000, 5)] },
    ];
    const mapa = new Map([
      [1, terminos(0, 8000)],
      [2, terminos(0, 9000, 15_000)],
    ]);
    // The per-line optima: P's 10 units ($10.000 + $8.000) and Q's 5 ($4.500).
    const inicio = [
      [10, 0],
      [5, 0],
    ];
    expect(evaluar(lineas, inicio, mapa).total).toBe(22_500);
    const m = mejorarVecindad(lineas, mapa, new Set(), inicio, SIN_RELOJ);
    // T takes P's units and 4 of Q's: $15.000 exactly, free; Q keeps 1 ($900).
    expect(m).toEqual({
      plan: [
        [0, 10],
        [1, 4],
      ],
      total: 15_900,
    });
    expect(canastaFuerzaBruta(lineas, mapa).total).toBe(15_900);
  });

  it('on 1,000 random small baskets: feasible, the same units per line, never dearer, never under the brute force', async () => {
    const r = azar(23);
    let mejoradas = 0;
    for (let caso = 0; caso < 1000; caso++) {
      const { lineas, terminos: mapa } = canastaAlAzar(r);
      // The solver with no time: the feasible basket it starts from (or one it proved).
      const inicio = await canastaOptima(lineas, mapa, { presupuestoMs: 0 });
      const m = mejorarVecindad(lineas, mapa, new Set(inicio.bajo_minimo), inicio.cantidades, SIN_RELOJ);
      const contexto = JSON.stringify({ caso, lineas, terminos: [...mapa], inicio: inicio.cantidades, m });
      const v = evaluar(lineas, m.plan, mapa);
      expect(v.factible, contexto).toBe(true);
      expect(v.total, contexto).toBe(m.total);
      expect(unidades(m.plan), contexto).toEqual(unidades(inicio.cantidades));
      lineas.forEach((l, i) => {
        l.ofertas.forEach((o, k) => {
          expect(m.plan[i]![k]!, contexto).toBeGreaterThanOrEqual(0);
          expect(m.plan[i]![k]!, contexto).toBeLessThanOrEqual(Math.floor(o.stock));
        });
      });
      expect(m.total, contexto).toBeLessThanOrEqual(inicio.total);
      const optimo = canastaFuerzaBruta(lineas, mapa);
      if (optimo.cobertura === v.cobertura) expect(m.total, contexto).toBeGreaterThanOrEqual(optimo.total);
      if (m.total < inicio.total) mejoradas++;
    }
    // The moves do find cheaper baskets on some of them.
    expect(mejoradas).toBeGreaterThan(0);
  });
});
