import { describe, expect, it } from 'vitest';
import { foldForSearch, nameKey } from './search-es';

describe('foldForSearch', () => {
  it.each([
    ['Jamón', 'jamon'],
    ['ÑUÑOA', 'nunoa'],
    ['Pingüino', 'pinguino'],
    ['Región de Ñuble', 'region de nuble'],
    ['plain ASCII 10KG', 'plain ascii 10kg'],
  ])('%s → %s', (texto, plegado) => expect(foldForSearch(texto)).toBe(plegado));
});

describe('nameKey', () => {
  it('ignores case, accents and extra spaces', () => expect(nameKey('  Categoría   de\tPrueba ')).toBe(nameKey('categoria de prueba')));
});
