import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { formatTelefono, isTelefonoChileno, normalizarTelefono } from './telefono';
import { METADATA_CHILE } from './telefono-metadata';

describe('isTelefonoChileno', () => {
  it.each([
    // Landlines of the regions and of Santiago, as people write them.
    ['652345678', '+56652345678'],
    ['+56652345678', '+56652345678'],
    ['(2) 2345 6789', '+56223456789'],
    ['(65) 234 5678', '+56652345678'],
    ['221234567', '+56221234567'],
    ['+56 2 2345 6789', '+56223456789'],
    ['322123456', '+56322123456'],
    ['412345678', '+56412345678'],
    ['722123456', '+56722123456'],
    // Mobiles, with or without the country code.
    ['+56912345678', '+56912345678'],
    ['56912345678', '+56912345678'],
    ['912345678', '+56912345678'],
    ['+56 9 1234 5678', '+56912345678'],
    ['9-8765-4321', '+56987654321'],
  ])('accepts %s, stored as %s', (escrito, e164) => {
    expect(isTelefonoChileno(escrito)).toBe(true);
    expect(normalizarTelefono(escrito)).toBe(e164);
  });

  it.each([
    '',
    '12345678',
    '81234567',
    // Santiago's 8-digit numbers ended in 2013 (a 2 was put in front of each).
    '22123456',
    '+5491123456789',
    '9123456789',
    '2212345678',
    '312345678',
    '592123456',
    'abcdefgh',
    '+56 9 1234 567',
    '9 8765 4321 anexo 2',
    '912345678x',
    '+56 65 234 5678; DROP TABLE',
  ])('refuses %s', (n) => {
    expect(isTelefonoChileno(n)).toBe(false);
  });
});

describe('formatTelefono', () => {
  it.each([
    ['652345678', '+56 65 234 5678'],
    ['(2) 2345 6789', '+56 2 2345 6789'],
    ['+56987654321', '+56 9 8765 4321'],
    // A mobile range the metadata does not list yet is grouped the same way.
    ['912345678', '+56 9 1234 5678'],
    // Something stored before the rule (not a phone) is shown as it is.
    ['22123456', '22123456'],
  ])('writes %s as %s', (guardado, visto) => expect(formatTelefono(guardado)).toBe(visto));
});

describe('METADATA_CHILE', () => {
  it("is the installed libphonenumber-js's max metadata for Chile", () => {
    const max = createRequire(import.meta.url)('libphonenumber-js/metadata.max.json');
    const esperado = { version: max.version, country_calling_codes: { '56': ['CL'] }, countries: { CL: max.countries.CL }, nonGeographic: {} };
    // After an upgrade: paste this value into telefono-metadata.ts.
    expect(METADATA_CHILE, JSON.stringify(esperado)).toEqual(esperado);
  });
});
