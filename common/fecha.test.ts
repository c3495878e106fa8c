import { describe, expect, it } from 'vitest';
import { fechaIsoSchema, isFechaIso } from './fecha';

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
