import { describe, expect, it } from 'vitest';
import { subtotal } from '#common/precio';
import type { Opcion, ResultadoComparacion } from '#common/schemas/comparacion';
import { productosElegidos } from '../../../lib/flujo-cotizacion/update-seleccion';
import { opcionDePrueba } from '../../../test/comparacion';
import {
  agregarProveedor,
  entregaDe,
  faltante,
  mensajeFaltante,
  mensajesBajoMinimo,
  pideConfirmarStock,
  sugerenciasDespachoVigentes,
  swapOpcion,
} from './seleccion';

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
  ultimo_precio: null,
});

const inicial = [
  resultado(
    [opcionDePrueba(1, {})],
    [opcionDePrueba(2, { stock_disponible: 80, precio: 14_000 }), opcionDePrueba(3, { stock_disponible: 4000, cantidad_proveida: 280 })],
  ),
];

describe('the choice on the results screen (docs/producto.md §4 Quotation flow 4–5)', () => {
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
      swapOpcion(inicial, 7, 1, 2).map((x) => ({ ...x, opciones_adicionales: [opcionDePrueba(4, { stock_disponible: 50 })] })),
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
    const media = opcionDePrueba(9, { precio: 1_999, cantidad_proveida: 2.5 });
    expect(subtotal(media.cantidad_proveida, media.precio)).toBe(4998);
    expect(entregaDe([{ ...inicial[0]!, opciones_seleccionadas: [{ ...media, estado: 'seleccionado' }] }], [], '2026-11-30').total_productos).toBe(4998);
    expect(entregaDe(elegido, [], '2026-11-30').total_productos).toBe(80 * 14_000 + 200 * 15_000);
    expect(productosElegidos(elegido)).toEqual([
      { proveedor_producto_id: 102, cantidad: 80, precio: 14_000 },
      { proveedor_producto_id: 103, cantidad: 200, precio: 15_000 },
    ]);
  });
});

describe('the choice by supplier, delivered', () => {
  // Lomo from Proveedor 2 (80 kg) and Proveedor 3 (200 kg) after a swap and an add; a second product from Proveedor 3.
  const elegido = [
    ...agregarProveedor(swapOpcion(inicial, 7, 1, 2), 7, 3),
    { ...resultado([opcionDePrueba(5, { proveedor_id: 3, proveedor: 'Proveedor 3', cantidad_proveida: 10, precio: 2_000 })], []), producto: 8 },
  ];
  const condiciones = [
    { proveedor_id: 2, proveedor: 'Proveedor 2', monto_minimo: 2_000_000, costo_despacho: 8_990, despacho_gratis_desde: null, fecha_entrega: '2026-12-01' },
    { proveedor_id: 3, proveedor: 'Proveedor 3', monto_minimo: 50_000, costo_despacho: 9_990, despacho_gratis_desde: 3_000_000, fecha_entrega: '2026-12-02' },
  ];

  it("a product split between suppliers has its first row in the first block that shows it, whatever the options' order", () => {
    const dividido = agregarProveedor(swapOpcion(inicial, 7, 1, 2), 7, 3).map((r) => ({
      ...r,
      opciones_seleccionadas: [...r.opciones_seleccionadas].reverse(),
    }));
    const otro = { ...resultado([opcionDePrueba(5, { proveedor_id: 2, proveedor: 'Proveedor 2' })], []), producto: 6 };
    const entrega = entregaDe([otro, ...dividido], [], '2026-11-30');
    expect(entrega.bloques.map((b) => b.filas.map((f) => [f.r.producto, f.o.opcion_id, f.primera]))).toEqual([
      [
        [6, 5, true],
        [7, 2, true],
      ],
      [[7, 3, false]],
    ]);
  });

  it('groups the lines by supplier in the order they first appear, with each part, fee and shortfall under its terms', () => {
    const entrega = entregaDe(elegido, condiciones, '2026-11-30');
    expect(
      entrega.bloques.map((b) => [
        b.proveedor,
        b.fecha_entrega,
        b.subtotal,
        b.costo_despacho,
        b.falta_minimo,
        b.filas.map((f) => [f.r.producto, f.o.opcion_id, f.primera]),
      ]),
    ).toEqual([
      ['Proveedor 2', '2026-12-01', 1_120_000, 8_990, 880_000, [[7, 2, true]]],
      [
        'Proveedor 3',
        '2026-12-02',
        3_020_000,
        0,
        0,
        [
          [7, 3, false],
          [8, 5, true],
        ],
      ],
    ]);
    expect([entrega.total_productos, entrega.total_despacho, entrega.total]).toEqual([4_140_000, 8_990, 4_148_990]);
    expect(mensajesBajoMinimo(entrega)).toEqual(['A Proveedor 2 le faltan $880.000 para su pedido mínimo de $2.000.000.']);
  });

  it('says why a supplier has the small part of a split product: its minimum, or its free delivery; not for the larger part, nor when neither holds', () => {
    // Lomo: 270 kg from Proveedor 1, 10 kg from Proveedor 2, which reaches its minimum only with them.
    const partido = resultado([opcionDePrueba(1, { cantidad_proveida: 270 }), opcionDePrueba(2, { cantidad_proveida: 10, precio: 14_000 })], []);
    const otro = { ...resultado([opcionDePrueba(5, { proveedor_id: 2, proveedor: 'Proveedor 2', cantidad_proveida: 10, precio: 2_000 })], []), producto: 8 };
    const terminos = (p2: { monto_minimo: number; costo_despacho: number; despacho_gratis_desde: number | null }) => [
      { proveedor_id: 1, proveedor: 'Proveedor 1', monto_minimo: 0, costo_despacho: 0, despacho_gratis_desde: null, fecha_entrega: '2026-12-01' },
      { proveedor_id: 2, proveedor: 'Proveedor 2', fecha_entrega: '2026-12-01', ...p2 },
    ];
    const repartos = (p2: Parameters<typeof terminos>[0]) => entregaDe([partido, otro], terminos(p2), '2026-11-30').bloques.map((b) => b.repartos);
    expect(repartos({ monto_minimo: 150_000, costo_despacho: 5_000, despacho_gratis_desde: null })).toEqual([
      [],
      ['10 kg de Lomo vetado van con Proveedor 2 para alcanzar su pedido mínimo de $150.000.'],
    ]);
    expect(repartos({ monto_minimo: 0, costo_despacho: 5_000, despacho_gratis_desde: 150_000 })).toEqual([
      [],
      ['10 kg de Lomo vetado van con Proveedor 2 para que su despacho sea gratis (desde $150.000).'],
    ]);
    // Without the lomo it still reaches both, or it has no fee to save: nothing to explain.
    expect(repartos({ monto_minimo: 10_000, costo_despacho: 5_000, despacho_gratis_desde: 15_000 })).toEqual([[], []]);
    expect(repartos({ monto_minimo: 0, costo_despacho: 0, despacho_gratis_desde: 150_000 })).toEqual([[], []]);
    // A supplier that sells only that part is there for its price or stock, not for its minimum.
    const solo = entregaDe([partido], terminos({ monto_minimo: 100_000, costo_despacho: 5_000, despacho_gratis_desde: 120_000 }), '2026-11-30');
    expect(solo.bloques.map((b) => b.repartos)).toEqual([[], []]);
  });

  it("a supplier without terms in the answer has no fee and no minimum, and the quotation's delivery date", () => {
    const entrega = entregaDe(elegido, [], '2026-11-30');
    expect(entrega.bloques.map((b) => [b.proveedor_id, b.fecha_entrega, b.costo_despacho, b.falta_minimo, b.monto_minimo])).toEqual([
      [2, '2026-11-30', 0, 0, 0],
      [3, '2026-11-30', 0, 0, 0],
    ]);
    expect(entrega.total).toBe(entrega.total_productos);
    expect(mensajesBajoMinimo(entrega)).toEqual([]);
  });

  it("the server's free-delivery nudges hold only for its own choice, for a supplier in it that still pays a fee", () => {
    const entrega = entregaDe(elegido, condiciones, '2026-11-30');
    const sugerencias = [2, 3, 9].map((id) => ({ proveedor_id: id, proveedor: `Proveedor ${id}`, monto_faltante: 1_000, mensaje: `nudge ${id}` }));
    expect(sugerenciasDespachoVigentes(sugerencias, entrega, true).map((s) => s.mensaje)).toEqual(['nudge 2']);
    expect(sugerenciasDespachoVigentes(sugerencias, entrega, false)).toEqual([]);
  });
});
