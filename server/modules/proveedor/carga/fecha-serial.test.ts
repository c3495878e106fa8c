import { describe, expect, it } from 'vitest';
import { fechaDeSerial } from './fecha-serial';

describe('fechaDeSerial: the day Excel shows for a date serial', () => {
  it.each([
    // Excel's day 0 and its 1900-02-29 (the 1900 leap-year bug), shown as Excel and SheetJS show them.
    [0, '1900-01-00'],
    [0.5625, '1900-01-00'],
    [1, '1900-01-01'],
    [59, '1900-02-28'],
    [60, '1900-02-29'],
    [61, '1900-03-01'],
    [73050, '2099-12-31'],
    [2958465, '9999-12-31'],
  ])('%d (1900) → %s', (serial, fecha) => expect(fechaDeSerial(serial)).toBe(fecha));

  it.each([
    [45306.75, '2024-01-15'],
    // Within a ten-thousandth of a second of midnight is the next day; further from it is not.
    [45306.999999999, '2024-01-16'],
    [45306.99999, '2024-01-15'],
    [45306.99999999999, '2024-01-16'],
  ])('a time of day: %d → %s', (serial, fecha) => expect(fechaDeSerial(serial)).toBe(fecha));

  it.each([
    [0, '1904-01-01'],
    [43844, '2024-01-15'],
    [43844.5, '2024-01-15'],
    // 1904's serial 60 is an ordinary day: the 1900 bug is only in the 1900 system.
    [60, '1904-03-01'],
    [2958465 - 1462, '9999-12-31'],
  ])('%d counted from 1904 → %s', (serial, fecha) => expect(fechaDeSerial(serial, true)).toBe(fecha));

  it.each([
    [-1, false],
    [-0.5, false],
    [2958466, false],
    // Rounded up to the day after 9999-12-31.
    [2958465.999999999, false],
    [2958465 - 1461, true],
    [1e300, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('%d (1904: %s) shows no date', (serial, fecha1904) => expect(fechaDeSerial(serial, fecha1904)).toBeUndefined());
});
