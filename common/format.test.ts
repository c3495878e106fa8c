import { describe, expect, it } from 'vitest';
import { cantidadEs, formatDespacho, formatCantidad, formatDiaLargo, formatFechaEntrega, formatFechaHora, formatFechaLarga, unidadCorta } from './format';
import { mensajesComparacion } from './schemas/comparacion';

describe('dates', () => {
  it('writes the long form of a day whatever the time zone: the one format of every screen (docs/decisions/017-f)', () => {
    expect(formatDiaLargo('2026-12-02')).toBe('2 de diciembre de 2026');
    expect(formatDiaLargo('2027-01-03')).toBe('3 de enero de 2027');
    // A birth date too, however far back; an instant's time of day does not move the day.
    expect(formatDiaLargo('1985-03-09')).toBe('9 de marzo de 1985');
    expect(formatDiaLargo('2026-12-31T23:59:00-04:00')).toBe('31 de diciembre de 2026');
    expect(formatFechaEntrega('2026-11-30')).toBe('30 de noviembre de 2026');
    expect(formatFechaEntrega(null)).toBe('Sin fecha indicada');
  });
  it('writes an instant as the day and hour it was in Chile', () => {
    // 02:30 UTC on 1 December is still 30 November in Santiago (UTC−3 in summer).
    expect(formatFechaLarga('2026-12-01T02:30:00Z')).toBe('30 de noviembre de 2026');
    // Chile writes hours 0–23: 23:30, not 11:30 p. m.
    expect(formatFechaHora('2026-12-01T02:30:00Z')).toMatch(/^30 de noviembre de 2026(,| a las) 23:30$/);
  });
});

describe('quantities and units', () => {
  it.each([
    [1, 'CAJA', '1 caja'],
    [2, 'CAJA', '2 cajas'],
    [1, 'KILO', '1 kg'],
    [1250.5, 'KILO', '1.250,5 kg'],
    [0.333, 'caja', '0,33 cajas'],
  ])('%d %s → %s', (n, unidad, texto) => expect(formatCantidad(n, unidad)).toBe(texto));
  it('says the unit alone as after a price', () => expect(`/${unidadCorta('CAJA', 1)}`).toBe('/caja'));
  it('writes at most two decimals', () => expect(cantidadEs(44.5)).toBe('44,5'));
});

describe('the shortfall message', () => {
  it('is one sentence for the server and the screen', () => {
    expect(mensajesComparacion.faltante(44.5, 'KILO')).toBe('Stock insuficiente: faltan 44,5 kg');
    expect(mensajesComparacion.faltante(1, 'CAJA')).toBe('Stock insuficiente: faltan 1 caja');
    expect(mensajesComparacion.faltante(3, 'CAJA')).toBe('Stock insuficiente: faltan 3 cajas');
  });
});

describe('the delivery fee', () => {
  it('is money when there is one, else sin costo', () => {
    expect(formatDespacho(8_990)).toBe('$8.990');
    expect(formatDespacho(0)).toBe('sin costo');
  });
});
