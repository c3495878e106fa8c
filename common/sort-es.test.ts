import { describe, expect, it } from 'vitest';
import { sortByEs } from './sort-es';

describe('sortByEs', () => {
  it('orders Spanish names as a Chilean reader expects', () => {
    expect(sortByEs(['Ñuñoa', 'Zapallar', 'Nogales', 'Álamos', 'Arica', 'Ollagüe'], (s) => s)).toEqual([
      'Álamos',
      'Arica',
      'Nogales',
      'Ñuñoa',
      'Ollagüe',
      'Zapallar',
    ]);
  });
});
