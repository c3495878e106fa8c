import { describe, expect, it } from 'vitest';
import {
  CANTIDAD_DECIMALES,
  COMPLETA_CAMPOS,
  PRECIO_DEMASIADO_ALTO,
  PRECIO_DIGITOS,
  PRECIO_INVALIDO,
  PRECIO_SIN_DECIMALES,
  proveedorProductoEditSchema,
  rangoInvalido,
  rangoSinDecimales,
  rangoSobreAnterior,
} from './proveedor-productos';

const primerMensaje = (body: unknown) => proveedorProductoEditSchema.safeParse(body).error?.issues[0]?.message;

describe('docs/producto.md §5 Supplier product edit, one schema for the form (text) and the API (numbers)', () => {
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

describe('money typed the Chilean way (4.990 was refused as having decimals)', () => {
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
    expect(editar('4.990.000', { 'Desde 100 kg': '4.800', 'Desde 300 kg': '4.500' }).data?.rangos).toEqual({
      'Desde 100 kg': 4800,
      'Desde 300 kg': 4500,
    });
  });

  it.each(['4,5', '4.5', '4.99', '4.990,5', 4.5, 1.999])('a real decimal %j is refused: whole pesos', (tarifa) => {
    expect(editar(tarifa).error?.issues.map((i) => i.message)).toEqual([PRECIO_SIN_DECIMALES]);
  });

  it('a tier with decimals is refused under its name', () => {
    expect(editar('4990', { 'Desde 100 kg': '4,5' }).error?.issues.map((i) => i.message)).toEqual([rangoSinDecimales('Desde 100 kg')]);
  });

  it('docs/producto.md §5 counts the digits, not the thousands points', () => {
    expect(editar('1.000.000.000').error?.issues[0]?.message).toBe(PRECIO_DEMASIADO_ALTO);
    expect(editar('10.000.000.000').error?.issues[0]?.message).toBe(PRECIO_DIGITOS);
  });

  it('a price or a tier above $10.000.000 is refused: totals built from them stay exact', () => {
    expect(editar('10.000.000').data?.tarifa).toBe(10_000_000);
    expect(editar('10.000.001').error?.issues.map((i) => i.message)).toEqual([PRECIO_DEMASIADO_ALTO]);
    expect(editar('2147483647').error?.issues.map((i) => i.message)).toEqual([PRECIO_DEMASIADO_ALTO]);
    expect(editar('4990', { 'Desde 100 kg': 10_000_001 }).error?.issues.map((i) => i.message)).toEqual([PRECIO_DEMASIADO_ALTO]);
  });
});

describe('tiers that fall (docs/decisions/008)', () => {
  const editar = (tarifa: unknown, rangos: Record<string, unknown>) =>
    proveedorProductoEditSchema.safeParse({ tarifa, fecha_expiracion: '2099-01-31', rangos });

  it('refuses a tier priced above a lower priced tier, or above the price, naming both', () => {
    const r = editar('5000', { 'Desde 100 kg': '4800', 'Desde 300 kg': '4900', 'Desde 700 kg': '', 'Desde 1000 kg': '0', 'Desde 1500 kg': '5100' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rangos.Desde 300 kg', rangoSobreAnterior('Desde 300 kg', 4900, 'Desde 100 kg', 4800)],
      ['rangos.Desde 1500 kg', rangoSobreAnterior('Desde 1500 kg', 5100, 'Desde 100 kg', 4800)],
    ]);
    expect(rangoSobreAnterior('Desde 300 kg', 4900, 'Desde 100 kg', 4800)).toBe(
      'El precio del rango "Desde 300 kg" ($4.900) no puede ser mayor que el del rango "Desde 100 kg" ($4.800).',
    );
    expect(editar('4000', { 'Desde 100 cajas': '4500' }).error?.issues.map((i) => i.message)).toEqual([
      'El precio del rango "Desde 100 cajas" ($4.500) no puede ser mayor que el precio ($4.000).',
    ]);
  });

  it('accepts equal and falling tiers, and tiers left unpriced between them', () => {
    expect(editar('5000', { 'Desde 100 kg': '5000', 'Desde 300 kg': '', 'Desde 700 kg': '4500', 'Desde 1500 kg': '4500' }).success).toBe(true);
  });
});
