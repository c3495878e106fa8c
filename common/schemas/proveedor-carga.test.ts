import { describe, expect, it } from 'vitest';
import {
  FECHA_FORMATO,
  FECHA_NO_FUTURA,
  FECHA_REQUERIDA,
  type FilaCarga,
  NOMBRE_REQUERIDO,
  PRECIO_REQUERIDO,
  rangoDesconocido,
  SKU_REQUERIDO,
  STOCK_MAXIMO,
  STOCK_NEGATIVO,
  validateFila,
} from './proveedor-carga';
import {
  PRECIO_DEMASIADO_ALTO,
  PRECIO_INVALIDO,
  PRECIO_SIN_DECIMALES,
  rangoInvalido,
  rangoSinDecimales,
  rangoSobreAnterior,
  rangoSobrePrecio,
} from './proveedor-productos';

const HOY = '2026-11-23';
type Valores = Parameters<typeof validateFila>[0];
const fila = (cambios: Partial<FilaCarga> = {}): Valores => ({
  sku: 'A-1',
  nombre: 'Lomo',
  stock: 100,
  precio: 5000,
  fecha_vencimiento: '2026-12-31',
  rangos: { 'Desde 100 kg': 4800, 'Desde 300 kg': null },
  ...cambios,
});

describe('validateFila (docs/producto.md §5 Supplier upload rows)', () => {
  it('a complete row has no errors', () => expect(validateFila(fila(), HOY)).toEqual([]));

  it('names every broken rule in the product’s words, in column order', () => {
    const rota = fila({ sku: ' ', nombre: '', precio: -1, stock: -2, fecha_vencimiento: HOY, rangos: { 'Desde 100 kg': -3, 'Desde 300 kg': null } });
    expect(validateFila(rota, HOY)).toEqual([SKU_REQUERIDO, NOMBRE_REQUERIDO, PRECIO_INVALIDO, STOCK_NEGATIVO, FECHA_NO_FUTURA, rangoInvalido('Desde 100 kg')]);
  });

  it("price and expiry date are required; the price is the offer edit's (above 0, whole pesos); a tier may be 0, an empty tier is unpriced", () => {
    expect(validateFila(fila({ precio: null, fecha_vencimiento: null }), HOY)).toEqual([PRECIO_REQUERIDO, FECHA_REQUERIDA]);
    // One price rule for every write; the upload stored $0 and rounded 1,5 to 2.
    expect(validateFila(fila({ precio: 0 }), HOY)).toEqual([PRECIO_INVALIDO]);
    expect(validateFila(fila({ precio: 1.5, rangos: { 'Desde 100 kg': 2.5 } }), HOY)).toEqual([PRECIO_SIN_DECIMALES, rangoSinDecimales('Desde 100 kg')]);
    expect(validateFila(fila({ precio: 4990, rangos: { 'Desde 100 kg': 0, 'Desde 300 kg': null } }), HOY)).toEqual([]);
  });

  it('tomorrow is future, today is not', () => {
    expect(validateFila(fila({ fecha_vencimiento: '2026-11-24' }), HOY)).toEqual([]);
    expect(validateFila(fila({ fecha_vencimiento: HOY }), HOY)).toEqual([FECHA_NO_FUTURA]);
  });

  it('bounds price, tiers and stock by their columns, wants ISO dates and knows only its tiers', () => {
    expect(validateFila(fila({ precio: 3_000_000_000, fecha_vencimiento: '2099-2-1' }), HOY)).toEqual([PRECIO_DEMASIADO_ALTO, FECHA_FORMATO]);
    const fuera = fila({ precio: 3e9, stock: -1, rangos: { 'Desde 100 kg': 3e9, 'Desde 50 kg': 10 } });
    expect(validateFila(fuera, HOY)).toEqual([PRECIO_DEMASIADO_ALTO, STOCK_NEGATIVO, PRECIO_DEMASIADO_ALTO, rangoDesconocido('Desde 50 kg')]);
    expect(validateFila(fila({ stock: 1e10, fecha_vencimiento: '31-12-2026' }), HOY)).toEqual([STOCK_MAXIMO, FECHA_FORMATO]);
    expect(validateFila(fila({ precio: 10_000_000, stock: 999_999_999 }), HOY)).toEqual([]);
    expect(validateFila(fila({ precio: 2_147_483_647 }), HOY)).toEqual([PRECIO_DEMASIADO_ALTO]);
  });

  it('refuses a tier priced above the price or a lower tier, naming them in the row unit (docs/decisions/008)', () => {
    const subida = fila({ precio: 5000, rangos: { 'Desde 100 kg': 4800, 'Desde 300 kg': 4900 } });
    expect(validateFila(subida, HOY)).toEqual([rangoSobreAnterior('Desde 300 kg', 4900, 'Desde 100 kg', 4800)]);
    const cajas = fila({ precio: 5000, unidad: 'CAJA', rangos: { 'Desde 100 kg': 5200, 'Desde 300 kg': -1 } });
    expect(validateFila(cajas, HOY)).toEqual([rangoInvalido('Desde 300 cajas'), rangoSobrePrecio('Desde 100 cajas', 5200, 5000)]);
  });
});
