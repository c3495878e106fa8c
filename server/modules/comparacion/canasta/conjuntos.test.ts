import { describe, expect, it } from 'vitest';
import type { TerminosDespacho } from '#common/despacho';
import { oferta, terminos } from '#server/test/canasta-fuerza-bruta';
import { azar } from '#server/test/azar';
import { canastaOptima, type LineaCanasta } from './canasta';
import { canastaPorConjuntos, MAX_CELDAS_CONJUNTOS } from './conjuntos';

const cobertura = (c: { cantidades: number[][] }) => c.cantidades.flat().reduce((s, q) => s + q, 0);

/** A restaurant's basket: tens of units per line, volume tiers, minimums and free delivery from an amount. */
function canastaConTerminos(r: () => number, { lineas, proveedores, ofertas }: { lineas: number; proveedores: number; ofertas: number }) {
  const entero = (a: number, b: number) => a + Math.floor(r() * (b - a + 1));
  const mapa = new Map<number, TerminosDespacho>();
  for (let s = 1; s <= proveedores; s++)
    mapa.set(s, terminos(r() < 0.5 ? 0 : 1000 * entero(20, 80), 1000 * entero(3, 12), r() < 0.5 ? null : 1000 * entero(60, 300)));
  const canasta: LineaCanasta[] = Array.from({ length: lineas }, () => ({
    cantidad: entero(5, 60),
    ofertas: Array.from({ length: proveedores }, (_, i) => i + 1)
      .sort(() => r() - 0.5)
      .slice(0, ofertas)
      .map((s) => {
        const tarifa = 100 * entero(10, 60);
        const tramos: Array<[number, number]> =
          r() < 0.5
            ? []
            : [
                [entero(10, 30), Math.floor(tarifa * 0.93)],
                [entero(31, 60), Math.floor(tarifa * 0.88)],
              ];
        return oferta(s, tarifa, entero(20, 200), tramos, '2027-03-01');
      }),
  }));
  return { lineas: canasta, mapa };
}

describe('canastaOptima with maxProveedores, by sets of suppliers', () => {
  it('equals HiGHS alone under the cap on 20 baskets with tiers, minimums and free delivery, and proves it', async () => {
    const r = azar(41);
    for (let caso = 0; caso < 20; caso++) {
      const { lineas, mapa } = canastaConTerminos(r, { lineas: 5 + (caso % 4), proveedores: 8, ofertas: 3 });
      const maxProveedores = 1 + (caso % 3);
      const c = await canastaOptima(lineas, mapa, { presupuestoMs: 20_000, maxProveedores });
      const mip = await canastaOptima(lineas, mapa, { presupuestoMs: 20_000, maxProveedores, busqueda: false });
      const contexto = JSON.stringify({ caso, maxProveedores, c, mip });
      expect(mip.optimo, contexto).toBe(true);
      expect(c, contexto).toMatchObject({ optimo: true, via: 'conjuntos', total: mip.total });
      expect(cobertura(c), contexto).toBe(cobertura(mip));
      expect(c.proveedores.length, contexto).toBeLessThanOrEqual(maxProveedores);
    }
  });

  it('proves a 20-line basket of 40 suppliers under a cap of 3 (9,880 sets)', async () => {
    const { lineas, mapa } = canastaConTerminos(azar(42), { lineas: 20, proveedores: 40, ofertas: 8 });
    const c = await canastaOptima(lineas, mapa, { presupuestoMs: 10_000, maxProveedores: 3 });
    expect(c).toMatchObject({ optimo: true, via: 'conjuntos', diferencia_maxima: 0 });
    expect(c.proveedores.length).toBeLessThanOrEqual(3);
  });

  it('leaves to the other path the suppliers that make too many sets', async () => {
    const { lineas, mapa } = canastaConTerminos(azar(43), { lineas: 10, proveedores: 60, ofertas: 20 });
    const proveedores = Array.from({ length: 60 }, (_, i) => i + 1);
    // C(60, 4) = 487,635 sets of 10 lines.
    expect(MAX_CELDAS_CONJUNTOS).toBeLessThan(487_635 * 10);
    const nunca = async () => {
      throw new Error('no set is solved');
    };
    expect(await canastaPorConjuntos(lineas, mapa, proveedores, 4, performance.now() + 10_000, nunca)).toBeNull();
    const c = await canastaOptima(lineas, mapa, { maxProveedores: 4 });
    expect(c.via).not.toBe('conjuntos');
    expect(c.proveedores.length).toBeLessThanOrEqual(4);
  });
});
