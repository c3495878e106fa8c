import { describe, expect, it } from 'vitest';
import {
  cantidadEs,
  formatDespacho,
  formatCantidad,
  formatDiaCercano,
  formatDiaLargo,
  formatDiaSemana,
  formatFechaEntrega,
  formatFechaHora,
  formatFechaLarga,
  unidadCorta,
} from './format';
import { claveRango, encabezadoRango, LIMITES_RANGO_KG, limiteDeRango, nombreRango } from './constants';
import { isCantidadCentesimal } from './numeros';
import { mensajesComparacion } from './schemas/comparacion';
import { mensajesFila } from './schemas/cotizaciones';

describe('dates', () => {
  it('writes the long form of a day whatever the time zone: the one format of every screen (docs/decisions/017)', () => {
    expect(formatDiaLargo('2026-12-02')).toBe('2 de diciembre de 2026');
    expect(formatDiaLargo('2027-01-03')).toBe('3 de enero de 2027');
    // A birth date too, however far back; an instant's time of day does not move the day.
    expect(formatDiaLargo('1985-03-09')).toBe('9 de marzo de 1985');
    expect(formatDiaLargo('2026-12-31T23:59:00-04:00')).toBe('31 de diciembre de 2026');
    expect(formatFechaEntrega('2026-11-30')).toBe('30 de noviembre de 2026');
    expect(formatFechaEntrega(null)).toBe('Sin fecha indicada');
  });
  it("names a day of the next two weeks by its weekday and number, Chile's calendar whatever the time zone", () => {
    expect(['2026-12-01', '2026-12-02', '2026-12-06', '2027-01-04'].map(formatDiaSemana)).toEqual(['martes 1', 'miércoles 2', 'domingo 6', 'lunes 4']);
  });
  it('leaves out the year of a day in the current year, and only then', () => {
    expect(formatDiaCercano('2026-11-12', '2026-11-29')).toBe('12 de noviembre');
    expect(formatDiaCercano('2026-01-01', '2026-12-31')).toBe('1 de enero');
    expect(formatDiaCercano('2025-12-28', '2026-01-05')).toBe('28 de diciembre de 2025');
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
    [1250.5, 'KILO', '1250,5 kg'],
    [12500, 'KILO', '12.500 kg'],
    [100, 'CAJA', '100 cajas'],
    [0.01, ' caja ', '0,01 cajas'],
    [0.333, 'caja', '0,33 cajas'],
  ])('%d %s → %s', (n, unidad, texto) => expect(formatCantidad(n, unidad)).toBe(texto));
  it('says the unit alone as after a price', () => expect(`/${unidadCorta('CAJA', 1)}`).toBe('/caja'));
  it('writes at most two decimals', () => expect(cantidadEs(44.5)).toBe('44,5'));
  it('writes four digits ungrouped, as docs/producto.md writes its tiers and the RAE its numbers', () => expect(cantidadEs(9999)).toBe('9999'));
});

describe('tiers in the product unit', () => {
  it("names a tier in kg by default (the product's columns) and in boxes for a product sold by CAJA", () => {
    expect(LIMITES_RANGO_KG.map((l) => nombreRango(l))).toEqual(['Desde 100 kg', 'Desde 300 kg', 'Desde 700 kg', 'Desde 1000 kg', 'Desde 1500 kg']);
    expect(nombreRango(100, 'CAJA')).toBe('Desde 100 cajas');
  });
  it('reads the limit of a tier written in either unit, and keys it by its kg name', () => {
    expect(['Desde 100 kg', 'Desde 100 cajas', ' desde  100  CAJAS ', 'Desde 100', 'Desde 100 kg o cajas'].map(limiteDeRango)).toEqual([
      100, 100, 100, 100, 100,
    ]);
    expect(limiteDeRango('Desde cien kg')).toBeUndefined();
    expect(claveRango('Desde 300 cajas')).toBe('Desde 300 kg');
    expect(claveRango('Hasta 5')).toBe('Hasta 5');
  });
  it('heads a column with the unit its products share, or both', () => {
    expect(encabezadoRango(100, ['KILO', 'KILO'])).toBe('Desde 100 kg');
    expect(encabezadoRango(100, ['CAJA'])).toBe('Desde 100 cajas');
    expect(encabezadoRango(1000, ['CAJA', 'KILO'])).toBe('Desde 1000 kg o cajas');
    expect(encabezadoRango(100, [])).toBe('Desde 100 kg');
  });
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

describe('the minimum of a row', () => {
  it("keeps the product's sentence for kg and says cajas for a product sold by the box", () => {
    expect(mensajesFila.cantidadMinima(2, 100)).toBe('Fila 2: La cantidad mínima debe ser de 100 kg.');
    expect(mensajesFila.cantidadMinima(1, 100, 'CAJA')).toBe('Fila 1: La cantidad mínima debe ser de 100 cajas.');
  });
});

describe('a stored quantity', () => {
  it('is at least 0,01 with two decimals at most (5e-324 is not 0)', () => {
    expect([0.01, 1, 99.99, 9999].every(isCantidadCentesimal)).toBe(true);
    expect([0, 5e-324, 0.001, 0.004, 1.005, Number.NaN, Number.POSITIVE_INFINITY].some(isCantidadCentesimal)).toBe(false);
  });
});
