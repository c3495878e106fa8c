import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FECHA_FORMATO,
  FECHA_NO_FUTURA,
  FECHA_REQUERIDA,
  type FilaCarga,
  NOMBRE_REQUERIDO,
  PRECIO_MAXIMO,
  PRECIO_NEGATIVO,
  PRECIO_REQUERIDO,
  rangoDesconocido,
  rangoMaximo,
  rangoNegativo,
  SKU_REQUERIDO,
  STOCK_MAXIMO,
  STOCK_NEGATIVO,
} from '../../../../common/schemas/proveedor-carga';
// The server's rules, only to prove the screen checks a row exactly as the server will.
import { validateFila } from '../../../../server/modules/proveedor/carga-filas';
import { aplicarConfirmacion, editarFila, erroresFila, filasValidas, lineasErroresArchivo, lineasErroresCarga, nuevaFilaManual } from './carga-masiva-filas';

const HOY = '2026-11-23';
const fila = (id: number, cambios: Partial<FilaCarga> = {}): FilaCarga => ({
  id,
  sku: `SKU-${id}`,
  nombre: `Producto ${id}`,
  stock: 100,
  precio: 5000,
  fecha_vencimiento: '2026-12-31',
  rangos: { 'Desde 100 kg': 4800, 'Desde 300 kg': null },
  origen: null,
  categoria: null,
  marca: null,
  producto: 7,
  formato: null,
  unidad: null,
  errores: [],
  producto_asignado: null,
  ...cambios,
});

describe('erroresFila (SPEC §5 Supplier upload rows)', () => {
  it('passes a complete row', () => {
    expect(erroresFila(fila(2), HOY)).toEqual([]);
  });

  it('names every broken rule, with the server messages', () => {
    const rota = fila(2, { sku: '  ', nombre: '', precio: -1, fecha_vencimiento: null, rangos: { 'Desde 100 kg': -5, 'Desde 300 kg': 0 } });
    expect(erroresFila(rota, HOY)).toEqual([SKU_REQUERIDO, NOMBRE_REQUERIDO, PRECIO_NEGATIVO, FECHA_REQUERIDA, rangoNegativo('Desde 100 kg')]);
  });

  it('wants the expiry after today: today itself is not future', () => {
    expect(erroresFila(fila(2, { fecha_vencimiento: HOY }), HOY)).toEqual([FECHA_NO_FUTURA]);
    expect(erroresFila(fila(2, { fecha_vencimiento: '2026-11-24' }), HOY)).toEqual([]);
  });

  it('wants a price; an empty tier is unpriced and 0 is a price', () => {
    expect(erroresFila(fila(2, { precio: 0, rangos: { 'Desde 100 kg': 0, 'Desde 300 kg': null } }), HOY)).toEqual([]);
    expect(erroresFila(fila(2, { precio: null }), HOY)).toEqual([PRECIO_REQUERIDO]);
  });

  it('bounds the price, tiers and stock as the server does, and knows only its tiers', () => {
    const fuera = fila(2, { precio: 3e9, stock: -1, rangos: { 'Desde 100 kg': 3e9, 'Desde 50 kg': 10 } });
    expect(erroresFila(fuera, HOY)).toEqual([PRECIO_MAXIMO, STOCK_NEGATIVO, rangoMaximo('Desde 100 kg'), rangoDesconocido('Desde 50 kg')]);
    expect(erroresFila(fila(2, { stock: 1e10, fecha_vencimiento: '31-12-2026' }), HOY)).toEqual([STOCK_MAXIMO, FECHA_FORMATO]);
  });
});

describe('erroresFila and the server', () => {
  it('gives the messages the server gives, in its order, for any row', () => {
    const numero = fc.option(fc.oneof(fc.integer({ min: -10, max: 10 }), fc.constantFrom(0, 2_147_483_647, 2_147_483_648, 999_999_999, 1e9, 1e12)), {
      nil: null,
    });
    const fecha = fc.option(fc.constantFrom('', ' ', '2026-11-22', HOY, '2026-11-24', '2026-02-30', '24-11-2026', '2099-01-01'), { nil: null });
    const rangos = fc.dictionary(fc.constantFrom('Desde 100 kg', 'Desde 1500 kg', 'Desde 50 kg', 'otro'), numero);
    const filaAzar = fc.record({
      sku: fc.constantFrom('', '  ', 'A-1'),
      nombre: fc.constantFrom('', 'Lomo'),
      precio: numero,
      stock: numero,
      fecha_vencimiento: fecha,
      rangos,
    });
    fc.assert(
      fc.property(filaAzar, (valores) => {
        expect(erroresFila(fila(2, valores), HOY)).toEqual(validateFila(valores, HOY));
      }),
      { numRuns: 500 },
    );
  });
});

describe('editarFila', () => {
  it('replaces the errors with the rules’ verdict on the edited row', () => {
    const conError = fila(3, { fecha_vencimiento: '2020-01-01', errores: [FECHA_NO_FUTURA, 'Categoría desconocida'] });
    const corregida = editarFila(conError, { fecha_vencimiento: '2027-01-15' }, HOY);
    expect(corregida.fecha_vencimiento).toBe('2027-01-15');
    expect(corregida.errores).toEqual([]);
    expect(editarFila(corregida, { precio: -3 }, HOY).errores).toEqual([PRECIO_NEGATIVO]);
  });
});

describe('nuevaFilaManual', () => {
  it('takes the next id over every group and starts with its missing fields as errors', () => {
    const nueva = nuevaFilaManual({ existentes: [fila(2), fila(9)], nuevos: [fila(14)], exclusivos: [] }, HOY);
    expect(nueva.id).toBe(15);
    expect(nueva.agregadoManual).toBe(true);
    expect(nueva.producto).toBeNull();
    expect(Object.keys(nueva.rangos)).toEqual(['Desde 100 kg', 'Desde 300 kg', 'Desde 700 kg', 'Desde 1000 kg', 'Desde 1500 kg']);
    expect(nueva.errores).toEqual([SKU_REQUERIDO, NOMBRE_REQUERIDO, PRECIO_REQUERIDO, FECHA_REQUERIDA]);
  });

  it('starts after the header row when the upload is empty', () => {
    expect(nuevaFilaManual({ existentes: [], nuevos: [], exclusivos: [] }, HOY).id).toBe(2);
  });
});

describe('aplicarConfirmacion (SPEC §4 Bulk upload)', () => {
  it('drops the rows taken, keeps the refused ones with their reason and the unsent ones as they were', () => {
    const conError = fila(4, { errores: [PRECIO_NEGATIVO], precio: -1 });
    const filas = [fila(2), fila(3), conError];
    const enviadas = filasValidas(filas);
    expect(enviadas.map((f) => f.id)).toEqual([2, 3]);
    const quedan = aplicarConfirmacion(filas, enviadas, [{ sku: 'SKU-3', motivo: 'Categoría desconocida.' }]);
    expect(quedan.map((f) => [f.id, f.errores])).toEqual([
      [3, ['Categoría desconocida.']],
      [4, [PRECIO_NEGATIVO]],
    ]);
  });

  it('keeps a row added while the call ran', () => {
    const enviadas = [fila(2)];
    expect(aplicarConfirmacion([fila(30), fila(2)], enviadas, []).map((f) => f.id)).toEqual([30]);
  });
});

describe('popup lines (SPEC §2)', () => {
  it("reads 'Fila N: errors' and 'SKU x: reason'", () => {
    expect(lineasErroresArchivo([{ fila: 5, errores: [SKU_REQUERIDO, PRECIO_NEGATIVO] }])).toEqual([`Fila 5: ${SKU_REQUERIDO} ${PRECIO_NEGATIVO}`]);
    expect(lineasErroresCarga([{ sku: 'A-1', motivo: 'Ya existe.' }])).toEqual(['SKU A-1: Ya existe.']);
  });
});
