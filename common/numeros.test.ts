import { describe, expect, it } from 'vitest';
import { centesimas, isCantidadCentesimal, leerPesos, pesosComoTexto, redondearCentesimas } from './numeros';

describe('leerPesos: money as typed in Chile', () => {
  it.each([
    ['4990', 4990],
    ['4.990', 4990],
    ['4.990.000', 4_990_000],
    ['1.999', 1999],
    [' $4.990 ', 4990],
    ['$ 12.990', 12_990],
    ['4.990,00', 4990],
    ['0', 0],
    ['-4.990', -4990],
  ])('%j reads as %d', (texto, pesos) => {
    expect(leerPesos(texto)).toBe(pesos);
  });

  it.each([
    ['4,5', 4.5],
    ['4.5', 4.5],
    ['4.99', 4.99],
    ['4.9900', 4.99],
    ['0.500', 0.5],
    ['4.990,5', 4990.5],
    ['4,990', 4.99],
  ])('%j keeps its decimals (%d), for the price rule to refuse', (texto, n) => {
    expect(leerPesos(texto)).toBe(n);
  });

  it.each(['', 'abc', '4.99.0', '12.345.67', '1e3', '0x10', '+5', '4 990', '$', '4.990.'])('%j is not an amount', (texto) => {
    expect(leerPesos(texto)).toBeNaN();
  });

  it("a JSON number's point is a decimal point, never a thousands one", () => {
    expect(leerPesos(pesosComoTexto(1.999) as string)).toBe(1.999);
    expect(leerPesos(pesosComoTexto(4990) as string)).toBe(4990);
    expect(leerPesos(pesosComoTexto(Number.POSITIVE_INFINITY) as string)).toBeNaN();
    expect(pesosComoTexto(' 4.990 ')).toBe('4.990');
    expect(pesosComoTexto(null)).toBeNull();
  });
});

describe('quantities in hundredths', () => {
  it('centesimas: a quantity as whole hundredths, exact where the binary number is not', () => {
    expect(centesimas(0)).toBe(0);
    expect(centesimas(1)).toBe(100);
    expect(centesimas(12.34)).toBe(1234);
    // 1,15 × 100 is 114,99999999999999 in binary.
    expect(centesimas(1.15)).toBe(115);
    expect(centesimas(0.1 + 0.2)).toBe(30);
    expect(centesimas(9999.99)).toBe(999_999);
  });

  it('half a hundredth rounds up', () => {
    expect(centesimas(0.005)).toBe(1);
    expect(centesimas(0.125)).toBe(13);
    expect(centesimas(0.004)).toBe(0);
  });

  it('redondearCentesimas: the quantity numeric(12,2) keeps', () => {
    expect(redondearCentesimas(0)).toBe(0);
    expect(redondearCentesimas(0.1 + 0.2)).toBe(0.3);
    expect(redondearCentesimas(100 - 99.99)).toBe(0.01);
    expect(redondearCentesimas(2.675)).toBe(2.68);
    expect(redondearCentesimas(12.344)).toBe(12.34);
    expect(redondearCentesimas(20)).toBe(20);
  });

  it('isCantidadCentesimal: from 0,01, two decimals at most', () => {
    expect(isCantidadCentesimal(0.01)).toBe(true);
    expect(isCantidadCentesimal(1.15)).toBe(true);
    expect(isCantidadCentesimal(9999.99)).toBe(true);
    expect(isCantidadCentesimal(0)).toBe(false);
    expect(isCantidadCentesimal(0.004)).toBe(false);
    expect(isCantidadCentesimal(0.005)).toBe(false);
    expect(isCantidadCentesimal(1.234)).toBe(false);
    expect(isCantidadCentesimal(5e-324)).toBe(false);
    expect(isCantidadCentesimal(Number.NaN)).toBe(false);
  });
});
