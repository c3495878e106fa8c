import { conIva } from '#common/iva';
import type { CompararPrecios, Opcion, ResultadoComparacion } from '#common/schemas/comparacion';
import { totalEntregado } from '#common/total-entregado';

/** An option of 'Proveedor {id}' for 280 kg of Lomo vetado at $15.000, additional unless `o` says otherwise. */
export const opcionDePrueba = (id: number, o: Partial<Opcion> = {}): Opcion => ({
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

/** A comparison line for page tests: product 7, Lomo vetado, 280 kg, with what `r` sets (its options first). */
export const resultadoDePrueba = (r: Partial<ResultadoComparacion> = {}): ResultadoComparacion => ({
  producto: 7,
  nombre: 'Lomo vetado',
  unidad: 'KILO',
  cantidad_solicitada: 280,
  opciones_seleccionadas: [],
  opciones_adicionales: [],
  mensaje: null,
  productos_inexistentes: [],
  sugerencia: null,
  avisos: [],
  ultimo_precio: null,
  ...r,
});

type Base = Pick<CompararPrecios, 'cotizacion_id' | 'fecha_entrega' | 'resultados' | 'productos_no_identificados'> & Partial<CompararPrecios>;

/**
 * A comparison answer for page tests: the parts delivery terms added (suppliers, fees, landed total)
 * computed from the selected options as the server would for suppliers with no delivery terms,
 * unless the test gives them.
 */
export function respuestaComparacion(base: Base): CompararPrecios {
  const opciones = base.resultados.flatMap((r: ResultadoComparacion) => r.opciones_seleccionadas);
  const todas = base.resultados.flatMap((r) => [...r.opciones_seleccionadas, ...r.opciones_adicionales]);
  const totales = totalEntregado(
    opciones.map((o) => ({ proveedor_id: o.proveedor_id, subtotal: o.subtotal })),
    () => undefined,
  );
  const condicion = (proveedor_id: number) => ({
    proveedor_id,
    proveedor: todas.find((o) => o.proveedor_id === proveedor_id)?.proveedor ?? '',
    monto_minimo: 0,
    costo_despacho: 0,
    despacho_gratis_desde: null,
    fecha_entrega: base.fecha_entrega,
  });
  return {
    optimo: true,
    diferencia_maxima: 0,
    proveedores: totales.proveedores.map((p) => ({ ...condicion(p.proveedor_id), subtotal: p.subtotal })),
    total_productos: totales.total_productos,
    total_despacho: totales.total_despacho,
    total: totales.total,
    ...conIva(base.total ?? totales.total),
    condiciones_proveedores: [...new Set(todas.map((o) => o.proveedor_id))].map(condicion),
    proveedores_excluidos: [],
    sugerencias_despacho: [],
    tope: null,
    ...base,
  };
}
