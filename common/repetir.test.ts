import { describe, expect, it } from 'vitest';
import { cotizarDeNuevoPath, leerRepetir, lineasARepetir } from './repetir';

describe('lineasARepetir', () => {
  it('one line per product, quantities summed across suppliers and rounded up to a whole number', () => {
    expect(
      lineasARepetir([
        { producto: 12, cantidad: 60 },
        { producto: 34, cantidad: 20.25 },
        { producto: 12, cantidad: 40.5 },
        { producto: 56, cantidad: 3 },
      ]),
    ).toEqual([
      { producto: 12, cantidad: 101 },
      { producto: 34, cantidad: 21 },
      { producto: 56, cantidad: 3 },
    ]);
  });

  it('leaves out a line whose product is unknown; a whole sum stays as it is despite float noise', () => {
    expect(
      lineasARepetir([
        { producto: null, cantidad: 5 },
        { producto: 7, cantidad: 0.1 },
        { producto: 7, cantidad: 0.2 },
        { producto: 7, cantidad: 99.7 },
      ]),
    ).toEqual([{ producto: 7, cantidad: 100 }]);
  });

  it('reads back through the URL /cotizar opens', () => {
    const lineas = lineasARepetir([
      { producto: 12, cantidad: 5.5 },
      { producto: 34, cantidad: 20 },
    ]);
    const path = cotizarDeNuevoPath(lineas);
    expect(path).toBe('/cotizar?repetir=12-6,34-20');
    expect(leerRepetir(new URL(path, 'http://x').searchParams.get('repetir'))).toEqual(lineas);
  });
});
