import { describe, expect, it } from 'vitest';
import { ahoraEnChile, diaMesAnio, fechaIsoSchema, hoyEnChile, isFechaIso, leerDiaMesAnio, sumarDias } from './fecha';

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

describe('the clock of Chile', () => {
  it('reads the date, hour and minute of the day in Chile, summer time and winter time alike', () => {
    expect(ahoraEnChile(new Date('2026-07-01T21:30:00Z'))).toEqual({ hoy: '2026-07-01', hora: 17, minuto: 17 * 60 + 30 });
    expect(ahoraEnChile(new Date('2026-12-01T21:30:00Z'))).toEqual({ hoy: '2026-12-01', hora: 18, minuto: 18 * 60 + 30 });
    // 02:30 UTC is still the day before in Chile.
    expect(ahoraEnChile(new Date('2026-12-02T02:30:00Z'))).toEqual({ hoy: '2026-12-01', hora: 23, minuto: 23 * 60 + 30 });
  });
  it("gives today's date in Chile at an instant, and now without one", () => {
    expect(hoyEnChile(new Date('2026-12-02T02:30:00Z'))).toBe('2026-12-01');
    expect(hoyEnChile(new Date('2026-12-02T03:00:00Z'))).toBe('2026-12-02');
    expect(hoyEnChile()).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date()));
  });
});

describe('sumarDias', () => {
  it.each([
    ['2026-12-01', 0, '2026-12-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2027-02-28', 1, '2027-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-12-02', -14, '2026-11-18'],
    ['2026-11-29', 90, '2027-02-27'],
    // Chile's change of time is no day longer or shorter: days are counted on the calendar.
    ['2026-04-04', 1, '2026-04-05'],
    ['2026-09-05', 1, '2026-09-06'],
    ['0099-12-31', 1, '0100-01-01'],
  ])('%s plus %i days is %s', (fecha, dias, esperada) => expect(sumarDias(fecha, dias)).toBe(esperada));
});
