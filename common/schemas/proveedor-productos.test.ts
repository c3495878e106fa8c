import { describe, expect, it } from 'vitest';
import { CANTIDAD_DECIMALES, COMPLETA_CAMPOS, PRECIO_DIGITOS, PRECIO_INVALIDO, proveedorProductoEditSchema, rangoInvalido } from './proveedor-productos';

const primerMensaje = (body: unknown) => proveedorProductoEditSchema.safeParse(body).error?.issues[0]?.message;

describe('SPEC §5 Supplier product edit, one schema for the form (text) and the API (numbers)', () => {
  it('turns the form text into the stored numbers; empty tiers remove their price', () => {
    expect(
      proveedorProductoEditSchema.parse({
        tarifa: ' 4990 ',
        fecha_expiracion: '2099-01-31',
        cantidad: '12,5',
        stock_id: '',
        rangos: { 'Desde 100 kg': '4800', 'Desde 300 kg': '' },
      }),
    ).toEqual({ tarifa: 4990, fecha_expiracion: '2099-01-31', cantidad: 12.5, rangos: { 'Desde 100 kg': 4800, 'Desde 300 kg': null } });
    expect(proveedorProductoEditSchema.parse({ tarifa: 4990, fecha_expiracion: '2099-01-31', cantidad: 0, stock_id: 3 })).toMatchObject({
      cantidad: 0,
      stock_id: 3,
    });
  });

  it.each([
    [{ tarifa: '' }, COMPLETA_CAMPOS],
    [{ fecha_expiracion: undefined }, COMPLETA_CAMPOS],
    [{ tarifa: '12345678901' }, PRECIO_DIGITOS],
    [{ tarifa: '1e3' }, PRECIO_INVALIDO],
    [{ tarifa: '-0' }, PRECIO_INVALIDO],
    [{ cantidad: '1.234' }, CANTIDAD_DECIMALES],
    [{ rangos: { 'Desde 700 kg': '-1' } }, rangoInvalido('Desde 700 kg')],
  ])('%j → %s', (cambio, mensaje) => {
    expect(primerMensaje({ tarifa: '4990', fecha_expiracion: '2099-01-31', ...cambio })).toBe(mensaje);
  });
});
