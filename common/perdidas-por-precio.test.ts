import { describe, expect, it } from 'vitest';
import { formatPerdidaPorPrecio, formatPorcentaje } from './perdidas-por-precio';

describe('formatPerdidaPorPrecio', () => {
  it('says how often the product lost, of how many comparisons, and by how much, with a decimal comma', () => {
    expect(formatPerdidaPorPrecio({ producto: 'Lomo vetado', veces: 12, de: 15, diferencia_mediana_pct: 4.2 })).toBe('Lomo vetado: 12 de 15 · te faltó 4,2 %');
  });

  it('says when the offer lost at the same price or a lower one, not a negative shortfall', () => {
    expect(formatPerdidaPorPrecio({ producto: 'Queso gauda', veces: 1, de: 3, diferencia_mediana_pct: -20 })).toBe(
      'Queso gauda: 1 de 3 · tu precio era 20 % más bajo',
    );
    expect(formatPerdidaPorPrecio({ producto: 'Queso gauda', veces: 2, de: 2, diferencia_mediana_pct: 0 })).toBe('Queso gauda: 2 de 2 · al mismo precio');
  });

  it('leaves out the difference when none is known', () => {
    expect(formatPerdidaPorPrecio({ producto: 'Posta rosada', veces: 1, de: 3, diferencia_mediana_pct: null })).toBe('Posta rosada: 1 de 3');
  });
});

describe('formatPorcentaje', () => {
  it('writes one decimal at most, a whole number without its zero, and a space before %', () => {
    expect(formatPorcentaje(4.25)).toBe('4,3 %');
    expect(formatPorcentaje(12)).toBe('12 %');
    expect(formatPorcentaje(0.5)).toBe('0,5 %');
    expect(formatPorcentaje(1250.5)).toBe('1250,5 %');
  });
});
