import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATALOGO } from '#server/db/seed/demo-catalogo';
import { type Matcher, createMatcher, normalizarNombre, trigramas } from './coincidencias';
import { UMBRAL_SIMILITUD } from './carga.service';

describe('normalizarNombre', () => {
  it.each([
    ['Pechuga de Pollo  Deshuesada 10kg', 'pechuga pollo deshuesada'],
    ['CAJA Lomo Vetado x 5 KILOS', 'lomo vetado'],
    ['Ñandú ahumado (al vacío)', 'nandu ahumado vacio'],
    ['Carne molida 10% grasa', 'carne molida 10 grasa'],
    ['Filete4kg', 'filete'],
    ['Aceite de oliva 5 L', 'aceite oliva 5 l'],
    ['  ', ''],
  ])('%j → %j', (nombre, esperado) => expect(normalizarNombre(nombre)).toBe(esperado));
});

describe('trigramas (as pg_trgm)', () => {
  it('pads each word with two spaces before and one after', () => {
    expect(trigramas('ab cd').sort()).toEqual(['  a', ' ab', 'ab ', '  c', ' cd', 'cd '].sort());
  });
});

const demo = Object.values(DEMO_CATALOGO)
  .flat()
  .map(([nombre, origen, marca, , formatos], k) => ({ id: k + 1, nombre, origen, marca, formatos }));

describe('createMatcher', () => {
  let buscar: Matcher;
  beforeAll(async () => {
    buscar = await createMatcher(demo, UMBRAL_SIMILITUD);
  });
  const en = (nombre: string, extra: { marca?: string; origen?: string; formato?: string } = {}) =>
    buscar({ nombre, marca: extra.marca ?? null, origen: extra.origen ?? null, formato: extra.formato ?? null });

  it('finds a catalogue product written otherwise', () => {
    expect(en('LOMO VETADO 10kg')).toMatchObject({ producto: { nombre: 'Lomo vetado' }, similitud: 1 });
    expect(en('pechuga pavo deshuesada')?.producto.nombre).toBe('Pechuga de pavo deshuesada');
  });
  it('“Lomo Vetado Premium kg” finds “LOMO VETADO PREMIUM”', async () => {
    const b = await createMatcher([...demo, { id: 999, nombre: 'LOMO VETADO PREMIUM', marca: 'Swift', origen: 'Argentina', formatos: [] }], UMBRAL_SIMILITUD);
    expect(b({ nombre: 'Lomo Vetado Premium kg', marca: null, origen: null, formato: null })).toMatchObject({ producto: { id: 999 }, similitud: 1 });
  });
  it('below the threshold there is no match (an exclusive product)', () => {
    expect(en('Charqui de llama artesanal')).toBeUndefined();
    expect(en('Pechuga de pollo')?.producto.nombre).not.toBe('Pechuga de pavo deshuesada');
  });
  it('marca, then origen, then formato break a tie of similarity', async () => {
    const dos = [
      { id: 1, nombre: 'Pollo entero', marca: 'Ariztía', origen: 'Chile', formatos: ['BOLSA'] },
      { id: 2, nombre: 'Pollo entero', marca: 'Super Pollo', origen: 'Brasil', formatos: ['IQF'] },
      { id: 3, nombre: 'Pollo entero', marca: 'Super Pollo', origen: 'Chile', formatos: ['IQF'] },
    ];
    const b = await createMatcher(dos, UMBRAL_SIMILITUD);
    expect(b({ nombre: 'pollo entero', marca: null, origen: null, formato: null })?.producto.id).toBe(1);
    expect(b({ nombre: 'pollo entero', marca: 'SUPER POLLO', origen: null, formato: null })?.producto.id).toBe(2);
    expect(b({ nombre: 'pollo entero', marca: 'super pollo', origen: 'chile', formato: null })?.producto.id).toBe(3);
    expect(b({ nombre: 'pollo entero', marca: null, origen: null, formato: 'iqf' })?.producto.id).toBe(2);
  });
  it('the similarity is pg_trgm’s: shared trigrams over the trigrams of either', async () => {
    const b = await createMatcher([{ id: 1, nombre: 'ab', marca: 'm', origen: 'o', formatos: [] }], 0);
    // 'ab' → {'  a',' ab','ab '}; 'abc' → {'  a',' ab','abc','bc '}: 2 shared of 5.
    expect(b({ nombre: 'abc', marca: null, origen: null, formato: null })?.similitud).toBeCloseTo(2 / 5);
  });
});
