import { describe, expect, it } from 'vitest';
import { inicioRango, iniciosRangos, precioMinimo, precioUnitario, subtotal } from './precio';

const oferta = {
  tarifa: 5000,
  // Out of order on purpose, with a tier left blank (0).
  rangos: [
    { limite_inferior: 300, precio: 4500 },
    { limite_inferior: 100, precio: 4800 },
    { limite_inferior: 700, precio: 0 },
  ],
};

describe('precioUnitario', () => {
  it('is the price of the highest priced tier the quantity reaches, else the tarifa', () => {
    expect(precioUnitario(oferta, 1)).toBe(5000);
    expect(precioUnitario(oferta, 99)).toBe(5000);
    expect(precioUnitario(oferta, 99.99)).toBe(5000);
    expect(precioUnitario(oferta, 100)).toBe(4800);
    expect(precioUnitario(oferta, 299.5)).toBe(4800);
    expect(precioUnitario(oferta, 300)).toBe(4500);
    // 700 kg reach the 700 tier, but it has no price: the 300 tier applies.
    expect(precioUnitario(oferta, 700)).toBe(4500);
    expect(precioUnitario(oferta, 5000)).toBe(4500);
    expect(precioUnitario({ tarifa: 1200, rangos: [] }, 10_000)).toBe(1200);
  });

  it('nothing bought is priced at the tarifa', () => {
    expect(precioUnitario(oferta, 0)).toBe(5000);
  });

  it('a tier dearer than the tarifa still applies: the supplier set it', () => {
    expect(precioUnitario({ tarifa: 1000, rangos: [{ limite_inferior: 100, precio: 1100 }] }, 150)).toBe(1100);
  });
});

describe('subtotal', () => {
  it('is quantity × unit price in whole pesos', () => {
    expect(subtotal(300, precioUnitario(oferta, 300))).toBe(1_350_000);
    expect(subtotal(12.5, precioUnitario(oferta, 12.5))).toBe(62_500);
    expect(subtotal(0, 5000)).toBe(0);
  });

  it('half a peso rounds up', () => {
    expect(subtotal(0.5, 3)).toBe(2);
    expect(subtotal(2.5, 1)).toBe(3);
    expect(subtotal(0.01, 50)).toBe(1);
    expect(subtotal(0.01, 49)).toBe(0);
  });

  it('two decimals of quantity price as written, despite binary floating point', () => {
    // 1.15 × 100 is 114.99999999999999 in binary: still $115.
    expect(subtotal(1.15, 100)).toBe(115);
    expect(subtotal(0.29, 100)).toBe(29);
    expect(subtotal(12.34, 4990)).toBe(61_577);
  });
});

describe('where priced tiers start', () => {
  it('in whole units: a tier from 99,5 applies from 100', () => {
    expect(inicioRango({ limite_inferior: 100, precio: 4800 })).toBe(100);
    expect(inicioRango({ limite_inferior: 99.5, precio: 4800 })).toBe(100);
    expect(inicioRango({ limite_inferior: 0, precio: 4800 })).toBe(0);
  });

  it('a blank tier never starts', () => {
    expect(inicioRango({ limite_inferior: 700, precio: 0 })).toBe(Number.POSITIVE_INFINITY);
  });

  it('agrees with precioUnitario on every whole quantity', () => {
    const partida = {
      tarifa: 900,
      rangos: [
        { limite_inferior: 2.5, precio: 800 },
        { limite_inferior: 5, precio: 700 },
        { limite_inferior: 4, precio: 0 },
      ],
    };
    for (let q = 1; q <= 8; q++) {
      const alcanzados = partida.rangos.filter((t) => inicioRango(t) <= q);
      const esperado = alcanzados.length === 0 ? 900 : alcanzados.reduce((a, b) => (b.limite_inferior > a.limite_inferior ? b : a)).precio;
      expect(precioUnitario(partida, q)).toBe(esperado);
    }
  });

  it("an offer's starts in (desde, hasta], ascending, each once, blank tiers left out", () => {
    const repetida = { tarifa: 5000, rangos: [...oferta.rangos, { limite_inferior: 99.5, precio: 4900 }] };
    expect(iniciosRangos(repetida, 1, 1000)).toEqual([100, 300]);
    expect(iniciosRangos(repetida, 100, 1000)).toEqual([300]);
    expect(iniciosRangos(repetida, 99, 300)).toEqual([100, 300]);
    expect(iniciosRangos(repetida, 1, 299)).toEqual([100]);
    expect(iniciosRangos({ tarifa: 1, rangos: [{ limite_inferior: 1, precio: 1 }] }, 1, 10)).toEqual([]);
  });

  it('precioMinimo: the cheapest price reached with at most so many whole units', () => {
    expect(precioMinimo(oferta, 99)).toBe(5000);
    expect(precioMinimo(oferta, 100)).toBe(4800);
    expect(precioMinimo(oferta, 300)).toBe(4500);
    expect(precioMinimo(oferta, 10_000)).toBe(4500);
    expect(precioMinimo({ tarifa: 1000, rangos: [{ limite_inferior: 99.5, precio: 900 }] }, 99)).toBe(1000);
  });
});
