import { describe, expect, it } from 'vitest';
import {
  CANTIDAD_DECIMALES,
  COMPLETA_CAMPOS,
  PRECIO_DIGITOS,
  PRECIO_INVALIDO,
  PRECIO_SIN_DECIMALES,
  proveedorProductoEditSchema,
  rangoInvalido,
  rangoSinDecimales,
} from './proveedor-productos';

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

describe('money typed the Chilean way (issue #20: 4.990 was refused as having decimals)', () => {
  const editar = (tarifa: unknown, rangos: Record<string, unknown> = {}) =>
    proveedorProductoEditSchema.safeParse({ tarifa, fecha_expiracion: '2099-01-31', rangos });

  it.each([
    ['4990', 4990],
    ['4.990', 4990],
    ['4.990.000', 4_990_000],
    ['$4.990', 4990],
    [4990, 4990],
  ])('price %j is %d pesos', (tarifa, pesos) => {
    expect(editar(tarifa).data?.tarifa).toBe(pesos);
  });

  it('tiers read the same way', () => {
    expect(editar('4.990', { 'Desde 100 kg': '4.800', 'Desde 300 kg': '4.500.000' }).data?.rangos).toEqual({
      'Desde 100 kg': 4800,
      'Desde 300 kg': 4_500_000,
    });
  });

  it.each(['4,5', '4.5', '4.99', '4.990,5', 4.5, 1.999])('a real decimal %j is refused: whole pesos', (tarifa) => {
    expect(editar(tarifa).error?.issues.map((i) => i.message)).toEqual([PRECIO_SIN_DECIMALES]);
  });

  it('a tier with decimals is refused under its name', () => {
    expect(editar('4990', { 'Desde 100 kg': '4,5' }).error?.issues.map((i) => i.message)).toEqual([rangoSinDecimales('Desde 100 kg')]);
  });

  it('SPEC §5 counts the digits, not the thousands points', () => {
    expect(editar('1.000.000.000').data?.tarifa).toBe(1_000_000_000);
    expect(editar('10.000.000.000').error?.issues[0]?.message).toBe(PRECIO_DIGITOS);
  });
});
