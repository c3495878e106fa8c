import { describe, expect, it } from 'vitest';
import type { ProveedorProducto } from '#common/schemas/proveedor-productos';
import { buscar, filasDe, ordenar } from './mis-productos-filas';

const oferta = (id: number, producto_nombre: string, tarifa: number, stock: ProveedorProducto['stock']): ProveedorProducto => ({
  id,
  producto_id: id * 10,
  sku: `SKU-${id}`,
  producto_nombre,
  unidad: 'KILO',
  tarifa,
  rangos: {},
  estado_moderacion: 'aprobado',
  motivo_rechazo: null,
  stock,
});

const OFERTAS = [
  oferta(1, 'Salmón entero', 9990, [
    { id: 10, cantidad: 120, fecha_expiracion: '2026-12-01' },
    { id: 11, cantidad: 40.5, fecha_expiracion: '2027-02-15' },
  ]),
  oferta(2, 'Arroz grado 1', 1290, []),
  oferta(3, 'Ñoquis', 2490, [{ id: 30, cantidad: 900, fecha_expiracion: '2026-11-30' }]),
];
const nombres = (filas: ReturnType<typeof filasDe>) => filas.map((f) => `${f.oferta.id}:${f.lote?.id ?? '-'}`);

describe('the supplier list rows (docs/producto.md §2)', () => {
  it('is one row per lot, and one "Sin stock" row for an offer without lots', () => {
    expect(nombres(filasDe(OFERTAS))).toEqual(['1:10', '1:11', '2:-', '3:30']);
  });

  it('searches product (accents ignored), SKU, price as stored or shown, stock and date as stored or shown', () => {
    const filas = filasDe(OFERTAS);
    expect(nombres(buscar(filas, 'salmon'))).toEqual(['1:10', '1:11']);
    expect(nombres(buscar(filas, 'sku-2'))).toEqual(['2:-']);
    expect(nombres(buscar(filas, '$2.490'))).toEqual(['3:30']);
    expect(nombres(buscar(filas, '1290'))).toEqual(['2:-']);
    expect(nombres(buscar(filas, '40,5'))).toEqual(['1:11']);
    expect(nombres(buscar(filas, '2027-02'))).toEqual(['1:11']);
    expect(nombres(buscar(filas, '30 de noviembre'))).toEqual(['3:30']);
    expect(buscar(filas, '  ')).toHaveLength(4);
  });

  it('sorts the eight ways; no stock counts as 0 and has no date (last either way)', () => {
    const filas = filasDe(OFERTAS);
    expect(nombres(ordenar(filas, 'nombre-asc'))).toEqual(['2:-', '3:30', '1:10', '1:11']);
    expect(nombres(ordenar(filas, 'nombre-desc'))).toEqual(['1:10', '1:11', '3:30', '2:-']);
    expect(nombres(ordenar(filas, 'precio-asc'))).toEqual(['2:-', '3:30', '1:10', '1:11']);
    expect(nombres(ordenar(filas, 'precio-desc'))).toEqual(['1:10', '1:11', '3:30', '2:-']);
    expect(nombres(ordenar(filas, 'stock-asc'))).toEqual(['2:-', '1:11', '1:10', '3:30']);
    expect(nombres(ordenar(filas, 'stock-desc'))).toEqual(['3:30', '1:10', '1:11', '2:-']);
    expect(nombres(ordenar(filas, 'vencimiento-asc'))).toEqual(['3:30', '1:10', '1:11', '2:-']);
    expect(nombres(ordenar(filas, 'vencimiento-desc'))).toEqual(['1:11', '1:10', '3:30', '2:-']);
    expect(nombres(ordenar(filas, ''))).toEqual(nombres(filas));
  });
});
