import { describe, expect, it } from 'vitest';
import { instanteEnChile, ocurrenciaPendiente, ultimaOcurrencia } from './ocurrencia';

const lunes8 = { dia: 1, hora: '08:00' };
const t = (iso: string) => new Date(iso);

describe('a weekly reminder on Chile’s clock', () => {
  it('falls on its day and hour, in summer (UTC−3) and in winter (UTC−4)', () => {
    // Monday 2026-01-12 08:00 in summer time; Monday 2026-06-15 08:00 in winter time.
    expect(ultimaOcurrencia(lunes8, t('2026-01-12T11:00:00Z'))).toEqual(t('2026-01-12T11:00:00Z'));
    expect(ultimaOcurrencia(lunes8, t('2026-06-15T12:00:30Z'))).toEqual(t('2026-06-15T12:00:00Z'));
  });

  it('one second before its minute, the last one is a week old', () => {
    expect(ultimaOcurrencia(lunes8, t('2026-01-12T10:59:59Z'))).toEqual(t('2026-01-05T11:00:00Z'));
  });

  it('across the weeks the clock changes: Monday 08:00 stays 08:00 in Chile', () => {
    // Summer time ends on Sunday 2026-04-05 (00:00 → 23:00 of Saturday) and begins on Sunday 2026-09-06 (00:00 → 01:00).
    expect(ultimaOcurrencia(lunes8, t('2026-04-06T13:00:00Z'))).toEqual(t('2026-04-06T12:00:00Z'));
    expect(ultimaOcurrencia(lunes8, t('2026-04-06T11:30:00Z'))).toEqual(t('2026-03-30T11:00:00Z'));
    expect(ultimaOcurrencia(lunes8, t('2026-09-07T11:00:00Z'))).toEqual(t('2026-09-07T11:00:00Z'));
    expect(ultimaOcurrencia(lunes8, t('2026-09-07T10:59:00Z'))).toEqual(t('2026-08-31T12:00:00Z'));
  });

  it('a time the clock skips is taken as the old offset going on; one it shows twice, the first time', () => {
    expect(instanteEnChile('2026-09-06', 30)).toEqual(t('2026-09-06T04:30:00Z'));
    expect(instanteEnChile('2026-04-04', 23 * 60 + 30)).toEqual(t('2026-04-05T02:30:00Z'));
  });

  it('is due from its minute, for six hours, and never before the minute it was set in', () => {
    const puesto = t('2026-01-01T00:00:00Z');
    expect(ocurrenciaPendiente(lunes8, puesto, t('2026-01-12T10:59:59Z'))).toBeUndefined();
    expect(ocurrenciaPendiente(lunes8, puesto, t('2026-01-12T11:00:00Z'))).toEqual(t('2026-01-12T11:00:00Z'));
    expect(ocurrenciaPendiente(lunes8, puesto, t('2026-01-12T17:00:00Z'))).toEqual(t('2026-01-12T11:00:00Z'));
    expect(ocurrenciaPendiente(lunes8, puesto, t('2026-01-12T17:00:01Z'))).toBeUndefined();
    // Set on Monday at 09:00 for Monday 08:00: next Monday, not now.
    expect(ocurrenciaPendiente(lunes8, t('2026-01-12T12:00:00Z'), t('2026-01-12T12:00:10Z'))).toBeUndefined();
    // Set within its own minute: now.
    expect(ocurrenciaPendiente(lunes8, t('2026-01-12T11:00:20Z'), t('2026-01-12T11:00:30Z'))).toEqual(t('2026-01-12T11:00:00Z'));
  });
});
