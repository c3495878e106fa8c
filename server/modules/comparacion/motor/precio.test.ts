import { describe, expect, it } from 'vitest';
import { precioUnitario, subtotal } from './precio';

describe('precioUnitario (DESIGN §3.2)', () => {
  const oferta = {
    tarifa: 5000,
    // Out of order on purpose, with a tier left blank (0).
    rangos: [
      { limite_inferior: 300, precio: 4500 },
      { limite_inferior: 100, precio: 4800 },
      { limite_inferior: 700, precio: 0 },
    ],
  };

  it('is the price of the highest priced tier the quantity reaches, else the tarifa', () => {
    expect(precioUnitario(oferta, 1)).toBe(5000);
    expect(precioUnitario(oferta, 99)).toBe(5000);
    expect(precioUnitario(oferta, 100)).toBe(4800);
    expect(precioUnitario(oferta, 299.5)).toBe(4800);
    expect(precioUnitario(oferta, 300)).toBe(4500);
    // 700 kg reach the 700 tier, but it has no price: the 300 tier applies.
    expect(precioUnitario(oferta, 5000)).toBe(4500);
    expect(precioUnitario({ tarifa: 1200, rangos: [] }, 10_000)).toBe(1200);
  });

  it('a tier dearer than the tarifa still applies: the supplier set it', () => {
    expect(precioUnitario({ tarifa: 1000, rangos: [{ limite_inferior: 100, precio: 1100 }] }, 150)).toBe(1100);
  });

  it('subtotal is whole pesos', () => {
    expect(subtotal(oferta, 300)).toBe(1_350_000);
    expect(subtotal(oferta, 12.5)).toBe(62_500);
  });
});
