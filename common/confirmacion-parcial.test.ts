import { describe, expect, it } from 'vitest';
import { CANTIDAD_DOS_DECIMALES, CANTIDAD_NEGATIVA, CANTIDAD_NO_NUMERO, errorCantidadConfirmada } from './confirmacion-parcial';

describe('errorCantidadConfirmada', () => {
  it('takes 0 up to what was ordered, with two decimals at most', () => {
    for (const c of [0, 0.01, 80, 99.99, 100, 0.1 + 0.2]) expect(errorCantidadConfirmada(c, 100, 'KILO'), String(c)).toBeUndefined();
  });

  it('refuses a negative, more than ordered, a third decimal and what is not a number', () => {
    expect(errorCantidadConfirmada(-1, 100, 'KILO')).toBe(CANTIDAD_NEGATIVA);
    expect(errorCantidadConfirmada(100.01, 100, 'KILO')).toBe('No puedes confirmar más de lo pedido (100 kg).');
    expect(errorCantidadConfirmada(4, 3, 'CAJA')).toBe('No puedes confirmar más de lo pedido (3 cajas).');
    expect(errorCantidadConfirmada(1e300, 3, 'CAJA')).toBe('No puedes confirmar más de lo pedido (3 cajas).');
    expect(errorCantidadConfirmada(80.005, 100, 'KILO')).toBe(CANTIDAD_DOS_DECIMALES);
    expect(errorCantidadConfirmada(Number.NaN, 100, 'KILO')).toBe(CANTIDAD_NO_NUMERO);
  });
});
