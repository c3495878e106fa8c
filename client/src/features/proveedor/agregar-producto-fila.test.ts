import { describe, expect, it } from 'vitest';
import { FECHA_FORMATO, FECHA_NO_FUTURA, NOMBRE_REQUERIDO, rangoDesconocido, STOCK_NEGATIVO } from '#common/schemas/proveedor-carga';
import { rangoSobrePrecio } from '#common/schemas/proveedor-productos';
import { erroresDe, filaDe, frasesDe, porCampo, VALORES_VACIOS } from './agregar-producto-fila';

const ABASTERO = { id: 10, nombre: 'Abastero', categoria: 'CARNE BOVINA', unidad: 'CAJA' };
const valores = { ...VALORES_VACIOS, sku: 'AB-1', precio: '9.990', cantidad: '12', fecha_expiracion: '01-04-2099' };

describe("'Agregar producto' as an upload row", () => {
  it('reads the form the Chilean way: $ and thousands points in prices, DD-MM-AAAA dates, empty tiers unpriced', () => {
    const fila = filaDe({ ...valores, rangos: { ...valores.rangos, 'Desde 100 kg': '$9.500' } }, ABASTERO);
    expect(fila).toMatchObject({ producto: 10, nombre: 'Abastero', precio: 9990, stock: 12, fecha_vencimiento: '2099-04-01', unidad: 'CAJA' });
    expect(fila.rangos).toEqual({ 'Desde 100 kg': 9500, 'Desde 300 kg': null, 'Desde 700 kg': null, 'Desde 1000 kg': null, 'Desde 1500 kg': null });
  });

  it("puts each rule's message under its field, tiers named in the product's unit", () => {
    const e = erroresDe(
      { ...valores, cantidad: '-2', fecha_expiracion: '2000-01-01', rangos: { ...valores.rangos, 'Desde 300 kg': '10000' } },
      ABASTERO,
      '2026-11-29',
      new Set(),
    );
    expect(e).toEqual({
      cantidad: STOCK_NEGATIVO,
      fecha_expiracion: FECHA_NO_FUTURA,
      'rangos.Desde 300 kg': rangoSobrePrecio('Desde 300 cajas', 10000, 9990),
    });
    expect(erroresDe({ ...valores, fecha_expiracion: '31-02-2099' }, null, '2026-11-29', new Set())).toEqual({
      nombre: NOMBRE_REQUERIDO,
      fecha_expiracion: FECHA_FORMATO,
    });
  });

  it('splits a server motivo into sentences; one that names no field continues the one before, an unknown tier goes above the button', () => {
    const frases = frasesDe(`El SKU no puede estar vacío. ${rangoDesconocido('Desde 50 kg')} Error raro.`);
    expect(porCampo(frases, 'KILO')).toEqual({ sku: 'El SKU no puede estar vacío.', root: `${rangoDesconocido('Desde 50 kg')} Error raro.` });
    expect(porCampo(['Algo pasó.'], 'KILO')).toEqual({ root: 'Algo pasó.' });
  });
});
