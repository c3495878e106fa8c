// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cotizanteGuardado, filasCotizacion, solicitudGuardada } from './cotizacion-storage';

afterEach(() => sessionStorage.clear());

const FILA = { key: 'f1', categoria: 2, origen: 'Chile', marca: 'Carnes Ñuble', producto: 23, cantidad: '150' };

describe('quotation state in session storage', () => {
  it('reads back the rows it wrote', () => {
    filasCotizacion.set([FILA, { ...FILA, key: 'f2', producto: null, cantidad: '' }]);
    expect(filasCotizacion.get()).toHaveLength(2);
  });

  it.each([
    ['not JSON', '[{"key":'],
    ['a quantity with a leading zero', JSON.stringify([{ ...FILA, cantidad: '0150' }])],
    ['a quantity of six digits', JSON.stringify([{ ...FILA, cantidad: '100000' }])],
    ['an id that is SQL', JSON.stringify([{ ...FILA, producto: '23 OR 1=1' }])],
    ['an object instead of a list', JSON.stringify(FILA)],
    ['201 rows', JSON.stringify(Array.from({ length: 201 }, (_, i) => ({ ...FILA, key: `f${i}` })))],
  ])('drops rows that are %s', (_, raw) => {
    sessionStorage.setItem('filasCotizacion', raw);
    expect(filasCotizacion.get()).toBeNull();
    expect(sessionStorage.getItem('filasCotizacion')).toBeNull();
  });

  it('drops a request or delivery record that is not the server’s shape', () => {
    sessionStorage.setItem('solicitud', JSON.stringify({ id: 'x', detalles: [] }));
    sessionStorage.setItem('cotizante', JSON.stringify({ cotizante_id: 1, solicitud_id: null }));
    expect(solicitudGuardada.get()).toBeNull();
    expect(cotizanteGuardado.get()).toBeNull();
  });
});
