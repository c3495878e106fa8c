import { describe, expect, it } from 'vitest';
import { azar } from '#server/test/azar';
import { canastaAlAzar, canastaFuerzaBruta, oferta, terminos } from '#server/test/canasta-fuerza-bruta';
import { canastaOptima } from './canasta';
import { evaluar, type LineaCanasta } from './plan';
import { mejorarVecindad } from './vecindad';

const SIN_RELOJ = Number.POSITIVE_INFINITY;
const unidades = (plan: number[][]) => plan.map((q) => q.reduce((s, x) => s + x, 0));

describe('mejorarVecindad', () => {
  it('drops a fee payer, its units to an offer already in the basket', () => {
    // P: $3.000 of fee, never free. Q: no terms, already buying line 2.
    const lineas: LineaCanasta[] = [
      { cantidad: 10, ofertas: [oferta(1, 1000, 10), oferta(2, 1100, 10)] },
      { cantidad: 5, ofertas: [oferta(2, 900, 5)] },
    ];
    const mapa = new Map([[1, terminos(0, 3000)]]);
    // The per-line optima: P's 10 units ($10.000 + $3.000) and Q's 5 ($4.500).
    const inicio = [[10, 0], [5]];
    expect(evaluar(lineas, inicio, mapa).total).toBe(17_500);
    // Q's 10 units cost $1.000 more than P's, and save its fee.
    expect(mejorarVecindad(lineas, mapa, new Set(), inicio, SIN_RELOJ)).toEqual({ plan: [[0, 10], [5]], total: 15_500 });
    expect(canastaFuerzaBruta(lineas, mapa).total).toBe(15_500);
  });

  it('lifts a fee payer to its free delivery with units from the other offers of its lines, only as many as it needs', () => {
    // P: $5.000 of fee, free from $10.000; the only offer of line 2. Q: no terms, cheaper in line 1.
    const lineas: LineaCanasta[] = [
      { cantidad: 10, ofertas: [oferta(1, 1000, 10), oferta(2, 950, 10)] },
      { cantidad: 9, ofertas: [oferta(1, 1000, 9)] },
    ];
    const mapa = new Map([[1, terminos(0, 5000, 10_000)]]);
    const inicio = [[0, 10], [9]];
    expect(evaluar(lineas, inicio, mapa).total).toBe(23_500);
    // One unit of line 1 moves to P: $50 more, P reaches $10.000 and its fee goes.
    expect(mejorarVecindad(lineas, mapa, new Set(), inicio, SIN_RELOJ)).toEqual({ plan: [[1, 9], [9]], total: 18_550 });
    expect(canastaFuerzaBruta(lineas, mapa).total).toBe(18_550);
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
