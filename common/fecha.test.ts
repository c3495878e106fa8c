import { describe, expect, it } from 'vitest';
import { diaMesAnio, fechaIsoSchema, isFechaIso, leerDiaMesAnio } from './fecha';

describe('isFechaIso', () => {
  it.each(['2000-02-29', '2024-12-31', '1990-05-17', '0001-01-01'])('accepts the real day %s', (v) => expect(isFechaIso(v)).toBe(true));
  it.each(['2000-02-30', '2001-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-01-00', '17-05-1990', '2024-1-01', '2024-01-01T00:00:00Z', ''])(
    'refuses %j',
    (v) => expect(isFechaIso(v)).toBe(false),
  );
  it('gives the field its own message', () => {
    expect(fechaIsoSchema('Fecha de entrega inválida').safeParse('2000-02-30').error?.issues[0]?.message).toBe('Fecha de entrega inválida');
    expect(fechaIsoSchema().safeParse('2000-02-30').error?.issues[0]?.message).toBe('Ingresa una fecha válida');
  });
});

describe('date inputs read day-month-year (docs/decisions/017)', () => {
  it('show the kept day as dd-mm-yyyy, and anything else as it is', () => {
    expect(diaMesAnio('2026-12-02')).toBe('02-12-2026');
    expect(diaMesAnio('')).toBe('');
    expect(diaMesAnio('02-12-20')).toBe('02-12-20');
  });
  it.each([
    ['02-12-2026', '2026-12-02'],
    ['2-12-2026', '2026-12-02'],
    ['2/12/2026', '2026-12-02'],
    [' 02.12.2026 ', '2026-12-02'],
    // A pasted ISO day is read as one.
    ['2026-12-02', '2026-12-02'],
    ['', ''],
    // Not a date yet: kept as typed, so the schema refuses it instead of taking it for no date.
    ['02-12', '02-12'],
    ['12/02/26', '12/02/26'],
  ])('reads %j as %j', (texto, valor) => expect(leerDiaMesAnio(texto)).toBe(valor));
  it('reads the day before the month: 02-12-2026 is 2 December, never 12 February', () => {
    expect(leerDiaMesAnio('02-12-2026')).toBe('2026-12-02');
    expect(isFechaIso(leerDiaMesAnio('31-12-2026'))).toBe(true);
    expect(isFechaIso(leerDiaMesAnio('12-31-2026'))).toBe(false);
  });
});
