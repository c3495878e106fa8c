import { describe, expect, it } from 'vitest';
import type { Opcion, ResultadoComparacion } from '../../../../../common/schemas/comparacion';
import { productosElegidos } from '../../../lib/flujo-cotizacion/update-seleccion';
import { agregarProveedor, faltante, mensajeFaltante, pideConfirmarStock, subtotal, swapOpcion, total } from './eleccion';

const opcion = (id: number, o: Partial<Opcion>): Opcion => ({
  opcion_id: id,
  proveedor_producto_id: 100 + id,
  proveedor_id: id,
  producto: 'Lomo vetado',
  marca: 'Swift',
  categoria: 'CARNE BOVINA',
  origen: 'Argentina',
  unidad: 'KILO',
  proveedor: `Proveedor ${id}`,
  cantidad_solicitada: 280,
  cantidad_proveida: 280,
  precio: 15_000,
  subtotal: 0,
  stock_disponible: 1000,
  fecha_vencimiento: '2026-12-31',
  estado: 'adicional',
  ...o,
});

const resultado = (seleccionadas: Opcion[], adicionales: Opcion[]): ResultadoComparacion => ({
  producto: 7,
  nombre: 'Lomo vetado',
  unidad: 'KILO',
  cantidad_solicitada: 280,
  opciones_seleccionadas: seleccionadas.map((o) => ({ ...o, estado: 'seleccionado' })),
  opciones_adicionales: adicionales,
  mensaje: null,
  productos_inexistentes: [],
  sugerencia: null,
  avisos: [],
});

const inicial = [
  resultado([opcion(1, {})], [opcion(2, { stock_disponible: 80, precio: 14_000 }), opcion(3, { stock_disponible: 4000, cantidad_proveida: 280 })]),
];

describe('the choice on the results screen (SPEC §4 Quotation flow 4–5)', () => {
  it('a swap toggles the two estados and keeps the quantity when the stock allows it', () => {
    const [r] = swapOpcion(inicial, 7, 1, 3);
    expect(r!.opciones_seleccionadas.map((o) => [o.opcion_id, o.estado, o.cantidad_proveida])).toEqual([[3, 'seleccionado', 280]]);
    expect(r!.opciones_adicionales.map((o) => [o.opcion_id, o.estado])).toEqual([
      [2, 'adicional'],
      [1, 'adicional'],
    ]);
    expect(faltante(r!)).toBe(0);
  });

  it('a swap to less stock than the line supplies asks first, then supplies min(stock, current) and leaves the rest missing', () => {
    const r0 = inicial[0]!;
    expect(pideConfirmarStock(r0.opciones_seleccionadas[0]!, r0.opciones_adicionales[0]!)).toBe(true);
    expect(pideConfirmarStock(r0.opciones_seleccionadas[0]!, r0.opciones_adicionales[1]!)).toBe(false);
    const [r] = swapOpcion(inicial, 7, 1, 2);
    expect(r!.opciones_seleccionadas[0]).toMatchObject({ opcion_id: 2, cantidad_proveida: 80 });
    expect(faltante(r!)).toBe(200);
    expect(mensajeFaltante(r!)).toBe('Stock insuficiente: faltan 200 kg');
  });

  it('another supplier covers what is missing, as far as its stock goes', () => {
    const swapped = swapOpcion(inicial, 7, 1, 2);
    const [r] = agregarProveedor(swapped, 7, 3);
    expect(r!.opciones_seleccionadas.map((o) => [o.opcion_id, o.cantidad_proveida])).toEqual([
      [2, 80],
      [3, 200],
    ]);
    expect(r!.opciones_adicionales.map((o) => o.opcion_id)).toEqual([1]);
    expect(faltante(r!)).toBe(0);
    expect(mensajeFaltante(r!)).toBeNull();

    const [r2] = agregarProveedor(
      swapOpcion(inicial, 7, 1, 2).map((x) => ({ ...x, opciones_adicionales: [opcion(4, { stock_disponible: 50 })] })),
      7,
      4,
    );
    expect(faltante(r2!)).toBe(150);
  });

  it('nothing to add when nothing is missing; unknown ids change nothing; the given items are never mutated', () => {
    const copia = structuredClone(inicial);
    expect(agregarProveedor(inicial, 7, 3)).toEqual(inicial);
    expect(swapOpcion(inicial, 7, 99, 3)).toEqual(inicial);
    expect(swapOpcion(inicial, 8, 1, 3)).toEqual(inicial);
    swapOpcion(inicial, 7, 1, 2);
    expect(inicial).toEqual(copia);
  });

  it('subtotals in whole pesos, the total of the selected options, and the body of PUT actualizar', () => {
    const elegido = agregarProveedor(swapOpcion(inicial, 7, 1, 2), 7, 3);
    expect(subtotal(opcion(9, { precio: 1_999, cantidad_proveida: 2.5 }))).toBe(4998);
    expect(total(elegido)).toBe(80 * 14_000 + 200 * 15_000);
    expect(productosElegidos(elegido)).toEqual([
      { proveedor_producto_id: 102, cantidad: 80, precio: 14_000 },
      { proveedor_producto_id: 103, cantidad: 200, precio: 15_000 },
    ]);
  });
});
