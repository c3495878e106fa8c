import { describe, expect, it } from 'vitest';
import { digitoVerificador, EJEMPLO_RUT, formatRut, isRutValido } from './rut';

describe('RUT check digit (módulo 11)', () => {
  it.each([
    ['12345678', '5'],
    ['11111111', '1'],
    ['76086428', '5'],
    ['10000013', 'K'],
    ['6', 'K'],
    ['1', '9'],
  ])('%s → %s', (cuerpo, dv) => expect(digitoVerificador(cuerpo)).toBe(dv));

  it('accepts a RUT with or without dots, dash or spaces, k in either case', () => {
    for (const v of [EJEMPLO_RUT, '12345678-5', '123456785', ' 12.345.678 - 5 ', '10.000.013-k', '10000013K']) expect(isRutValido(v), v).toBe(true);
  });

  it('refuses a wrong check digit, letters, zero or too many digits', () => {
    for (const v of ['12.345.678-6', '12.345.678-K', 'abc', '', '0-0', '123456789-0', '12.345.678', '12-345-678-5x']) expect(isRutValido(v), v).toBe(false);
  });

  it('formats with dots and dash', () => {
    expect(formatRut('123456785')).toBe('12.345.678-5');
    expect(formatRut('10000013k')).toBe('10.000.013-K');
  });
});
