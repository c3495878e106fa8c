import { describe, expect, it } from 'vitest';
import { leerPesos, pesosComoTexto } from './numeros';

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
