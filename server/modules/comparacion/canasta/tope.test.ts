import { describe, expect, it } from 'vitest';
import { canastaAlAzar, canastaFuerzaBruta, oferta, terminos } from '#server/test/canasta-fuerza-bruta';
import { canastaOptima } from './canasta';
import { azar } from '#server/test/azar';

const cobertura = (c: { cantidades: number[][] }) => c.cantidades.flat().reduce((s, q) => s + q, 0);

describe('canastaOptima with maxProveedores', () => {
  it('equals the brute force under the cap on 1,000 random small baskets: at most that many suppliers, the most coverage, then the least total', async () => {
    const r = azar(39);
    const vias: Record<string, number> = {};
    for (let caso = 0; caso < 1000; caso++) {
      const { lineas, terminos: mapa } = canastaAlAzar(r);
      const maxProveedores = 1 + (caso % 3);
      const esperado = canastaFuerzaBruta(lineas, mapa, maxProveedores);
      const c = await canastaOptima(lineas, mapa, { presupuestoMs: 10_000, maxProveedores });
      vias[c.via] = (vias[c.via] ?? 0) + 1;
      const contexto = JSON.stringify({ caso, maxProveedores, lineas, terminos: [...mapa], c, esperado });
      expect(c.optimo, contexto).toBe(true);
      expect(c.proveedores.length, contexto).toBeLessThanOrEqual(maxProveedores);
      expect(cobertura(c), contexto).toBe(esperado.cobertura);
      expect(c.total, contexto).toBe(esperado.total);
    }
    expect(Object.keys(vias).length, JSON.stringify(vias)).toBeGreaterThan(1);
  });

  it('stopped early under a cap, never claims more than it proved (500 random small baskets, no budget)', async () => {
    const r = azar(40);
    let acotadas = 0;
    for (let caso = 0; caso < 500; caso++) {
      const { lineas, terminos: mapa } = canastaAlAzar(r);
      const maxProveedores = 1 + (caso % 2);
      const esperado = canastaFuerzaBruta(lineas, mapa, maxProveedores);
      const c = await canastaOptima(lineas, mapa, { presupuestoMs: 0, maxProveedores });
      const contexto = JSON.stringify({ caso, maxProveedores, lineas, terminos: [...mapa], c, esperado });
      expect(c.proveedores.length, contexto).toBeLessThanOrEqual(maxProveedores);
      if (c.optimo) expect(c.total, contexto).toBe(esperado.total);
      else if (c.diferencia_maxima !== null) {
        acotadas++;
        expect(cobertura(c), contexto).toBe(esperado.cobertura);
        expect(c.total - c.diferencia_maxima, contexto).toBeLessThanOrEqual(esperado.total);
      }
    }
    expect(acotadas).toBeGreaterThan(0);
  });

  it('pays a dearer price to receive one truck instead of two', async () => {
    const lineas = [
      { cantidad: 2, ofertas: [oferta(1, 10, 5), oferta(2, 20, 5)] },
      { cantidad: 2, ofertas: [oferta(1, 31, 5), oferta(2, 20, 5)] },
    ];
    const mapa = new Map([
      [1, terminos(0, 5)],
      [2, terminos(0, 5)],
    ]);
    const libre = await canastaOptima(lineas, mapa);
    expect(libre).toMatchObject({ total: 20 + 40 + 10, optimo: true });
    const uno = await canastaOptima(lineas, mapa, { maxProveedores: 1 });
    // One truck: all from supplier 2 (40 + 40 + 5) beats all from supplier 1 (20 + 62 + 5).
    expect(uno).toMatchObject({
      cantidades: [
        [0, 2],
        [0, 2],
      ],
      total: 40 + 40 + 5,
      optimo: true,
    });
  });
});
