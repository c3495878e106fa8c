import { describe, expect, it } from 'vitest';
import type { TerminosDespacho } from '#common/despacho';
import { canastaFuerzaBruta, oferta, terminos } from '#server/test/canasta-fuerza-bruta';
import { canastaIshopU, leerIshopU, optimosIshopU } from '#server/test/ishop-u';
import { canastaOptima, type LineaCanasta } from './canasta';
import { azar } from '#server/test/azar';

/** A small random basket where suppliers only charge a fee: no tiers, no minimum, never free. */
function canastaDeDespachos(r: () => number, repetidos = false) {
  const entero = (a: number, b: number) => a + Math.floor(r() * (b - a + 1));
  const nProveedores = entero(2, 5);
  const mapa = new Map<number, TerminosDespacho>();
  for (let s = 1; s <= nProveedores; s++) if (r() < 0.85) mapa.set(s, terminos(0, entero(1, 30)));
  const lineas: LineaCanasta[] = Array.from({ length: entero(1, 4) }, () => {
    const proveedores = Array.from({ length: nProveedores }, (_, i) => i + 1).sort(() => r() - 0.5);
    // A supplier may list a product twice (two SKUs): two offers of one supplier in one line.
    if (repetidos) proveedores.splice(1, 0, proveedores[0]!);
    return {
      cantidad: entero(1, 6),
      ofertas: proveedores.slice(0, entero(1, Math.min(4, nProveedores))).map((s) => oferta(s, entero(5, 20), entero(1, 6) + (r() < 0.2 ? 0.5 : 0))),
    };
  });
  return { lineas, mapa };
}

/** A basket of realistic quantities (tens to hundreds of units), its suppliers charging fees of $3.000–$15.000. */
function canastaRealista(
  r: () => number,
  {
    proveedores,
    lineas,
    cantidad,
    stock,
    presencia,
  }: { proveedores: number; lineas: [number, number]; cantidad: [number, number]; stock: [number, number]; presencia: number },
) {
  const entero = (a: number, b: number) => a + Math.floor(r() * (b - a + 1));
  const mapa = new Map<number, TerminosDespacho>();
  for (let s = 1; s <= proveedores; s++) mapa.set(s, terminos(0, 1000 * entero(3, 15)));
  const canasta: LineaCanasta[] = Array.from({ length: entero(...lineas) }, () => ({
    cantidad: entero(...cantidad),
    ofertas: Array.from({ length: proveedores }, (_, i) => i + 1)
      .filter(() => r() < presencia)
      .map((s) => oferta(s, entero(3000, 5000), entero(...stock))),
  }));
  return { lineas: canasta, mapa };
}

const cobertura = (c: { cantidades: number[][] }) => c.cantidades.flat().reduce((s, q) => s + q, 0);

describe('the decomposition (suppliers that only charge a fee)', () => {
  it('equals the brute force on 1,000 random baskets, with no cap and with a cap of 1 to 3 suppliers', async () => {
    const r = azar(39);
    const vias: Record<string, number> = {};
    for (let caso = 0; caso < 1000; caso++) {
      const { lineas, mapa } = canastaDeDespachos(r);
      const maxProveedores = caso % 2 === 0 ? undefined : 1 + (caso % 3);
      const esperado = canastaFuerzaBruta(lineas, mapa, maxProveedores);
      const c = await canastaOptima(lineas, mapa, { presupuestoMs: 10_000, maxProveedores });
      vias[c.via] = (vias[c.via] ?? 0) + 1;
      const contexto = JSON.stringify({ caso, maxProveedores, lineas, terminos: [...mapa], c, esperado });
      expect(c.optimo, contexto).toBe(true);
      expect(cobertura(c), contexto).toBe(esperado.cobertura);
      expect(c.total, contexto).toBe(esperado.total);
      expect(c.proveedores.length, contexto).toBeLessThanOrEqual(maxProveedores ?? Number.POSITIVE_INFINITY);
    }
    // Most of them reach it (the others pay no fee at the per-line optimum).
    expect(vias.descomposicion, JSON.stringify(vias)).toBeGreaterThan(400);
  });

  it('equals the brute force on 400 random baskets where a supplier has two offers in a line', async () => {
    const r = azar(41);
    for (let caso = 0; caso < 400; caso++) {
      const { lineas, mapa } = canastaDeDespachos(r, true);
      const maxProveedores = caso % 2 === 0 ? undefined : 1 + (caso % 3);
      const esperado = canastaFuerzaBruta(lineas, mapa, maxProveedores);
      const c = await canastaOptima(lineas, mapa, { presupuestoMs: 10_000, maxProveedores });
      const contexto = JSON.stringify({ caso, maxProveedores, lineas, terminos: [...mapa], c, esperado });
      expect(c.optimo, contexto).toBe(true);
      expect(cobertura(c), contexto).toBe(esperado.cobertura);
      expect(c.total, contexto).toBe(esperado.total);
    }
  });

  it('stopped by the clock mid-search, never claims more than it proved (60 baskets of realistic quantities, 1–6 ms)', async () => {
    const r = azar(42);
    const cuenta = { probadas: 0, acotadas: 0, sinCota: 0 };
    for (let caso = 0; caso < 60; caso++) {
      const { lineas, mapa } = canastaRealista(r, { proveedores: 20, lineas: [6, 10], cantidad: [50, 300], stock: [10, 120], presencia: 0.7 });
      const referencia = await canastaOptima(lineas, mapa, { presupuestoMs: 20_000 });
      expect(referencia.optimo).toBe(true);
      const c = await canastaOptima(lineas, mapa, { presupuestoMs: 1 + (caso % 6) });
      const contexto = JSON.stringify({ caso, c: { ...c, cantidades: undefined }, referencia: referencia.total });
      expect(cobertura(c), contexto).toBe(cobertura(referencia));
      if (c.optimo) {
        cuenta.probadas++;
        expect(c.total, contexto).toBe(referencia.total);
      } else if (c.diferencia_maxima === null) cuenta.sinCota++;
      else {
        cuenta.acotadas++;
        expect(c.total - c.diferencia_maxima, contexto).toBeLessThanOrEqual(referencia.total);
      }
    }
    expect(cuenta.acotadas, JSON.stringify(cuenta)).toBeGreaterThan(0);
  });

  it('proves the same total as the program alone on 30 random baskets of realistic quantities', async () => {
    const r = azar(7);
    for (let caso = 0; caso < 30; caso++) {
      const { lineas, mapa } = canastaRealista(r, { proveedores: 15, lineas: [4, 8], cantidad: [20, 300], stock: [10, 200], presencia: 0.6 });
      const c = await canastaOptima(lineas, mapa, { presupuestoMs: 20_000 });
      const mip = await canastaOptima(lineas, mapa, { presupuestoMs: 20_000, busqueda: false });
      const contexto = JSON.stringify({ caso, c, mip });
      expect(mip.optimo, contexto).toBe(true);
      expect(c.optimo, contexto).toBe(true);
      expect(cobertura(c), contexto).toBe(cobertura(mip));
      expect(c.total, contexto).toBe(mip.total);
    }
  });

  it('proves the optimum of two public ISHOP-U instances, in units and in 100 kg', async () => {
    const optimos = optimosIshopU();
    for (const nombre of ['GaussianS1', 'UniformS3']) {
      for (const [forma, escala] of [
        ['unidades', 1],
        ['kilos', 100],
      ] as const) {
        const { lineas, terminos: mapa } = canastaIshopU(leerIshopU(nombre), forma);
        const c = await canastaOptima(lineas, mapa, { presupuestoMs: 10_000 });
        expect({ nombre, forma, total: c.total, optimo: c.optimo, via: c.via }).toEqual({
          nombre,
          forma,
          total: optimos[nombre]!.optimo * escala,
          optimo: true,
          via: 'descomposicion',
        });
        expect(c.proveedores).toHaveLength(optimos[nombre]!.tiendas_usadas);
      }
    }
  });

  it('with no budget still proves a small basket; a large one gets a feasible basket and no bound, proven given time', async () => {
    const { lineas, terminos: mapa } = canastaIshopU(leerIshopU('GaussianS1'), 'unidades');
    expect(await canastaOptima(lineas, mapa, { presupuestoMs: 0 })).toMatchObject({ optimo: true, via: 'descomposicion' });
    const r = azar(5);
    const grande: LineaCanasta[] = Array.from({ length: 20 }, () => ({
      cantidad: 100 + Math.floor(r() * 300),
      ofertas: Array.from({ length: 40 }, (_, s) => oferta(s + 1, 3000 + Math.floor(r() * 2000), 20 + Math.floor(r() * 100))),
    }));
    const fees = new Map(Array.from({ length: 40 }, (_, s) => [s + 1, terminos(0, 5000 + Math.floor(r() * 10_000))]));
    const c = await canastaOptima(grande, fees, { presupuestoMs: 0 });
    expect(c).toMatchObject({ optimo: false, diferencia_maxima: null, via: 'presupuesto' });
    expect(cobertura(c)).toBe(grande.reduce((s, l) => s + l.cantidad, 0));
    expect(await canastaOptima(grande, fees, { presupuestoMs: 10_000 })).toMatchObject({ optimo: true, via: 'descomposicion' });
  });

  it('under a cap on an ISHOP-U instance, proves the cheapest basket of at most that many suppliers', async () => {
    const { lineas, terminos: mapa } = canastaIshopU(leerIshopU('GaussianS1'), 'unidades');
    const libre = await canastaOptima(lineas, mapa);
    for (const maxProveedores of [2, 5]) {
      const c = await canastaOptima(lineas, mapa, { maxProveedores, presupuestoMs: 10_000 });
      expect(c.optimo).toBe(true);
      expect(c.proveedores.length).toBeLessThanOrEqual(maxProveedores);
      // Two suppliers cannot cover it all (coverage first); five can, at a higher total.
      if (maxProveedores === 2) expect(cobertura(c)).toBeLessThan(cobertura(libre));
      else expect({ cobertura: cobertura(c), mas: c.total > libre.total }).toEqual({ cobertura: cobertura(libre), mas: true });
    }
  });
});
