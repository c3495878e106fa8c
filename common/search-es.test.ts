import { describe, expect, it } from 'vitest';
import { foldForSearch, letrasPlegadas, nameKey } from './search-es';

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

describe('letrasPlegadas', () => {
  it('pairs each letter with what foldForSearch makes of it, both cases, and leaves out the letters it does not fold', () => {
    const tabla = letrasPlegadas();
    for (const [letra, plegada] of [
      ['á', 'a'],
      ['Á', 'a'],
      ['ñ', 'n'],
      ['Ñ', 'n'],
      ['ü', 'u'],
      ['ç', 'c'],
      ['ǎ', 'a'],
      ['ế', 'e'],
    ]) {
      expect(tabla.get(letra!), letra).toBe(plegada);
      expect(foldForSearch(letra!)).toBe(plegada);
    }
    for (const letra of ['a', 'A', 'ø', 'ß', 'æ', 'ł']) expect(tabla.has(letra), letra).toBe(false);
    for (const [letra, plegada] of tabla) expect(foldForSearch(letra), letra).toBe(plegada);
  });
});
