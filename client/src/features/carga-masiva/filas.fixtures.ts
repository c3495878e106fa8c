import { type FilaCarga, NOMBRES_RANGO } from '#common/schemas/proveedor-carga';

/** An upload row without errors, matched to catalogue product 7, for the /carga-masiva tests. */
export const filaDePrueba = (id: number, cambios: Partial<FilaCarga> = {}): FilaCarga => ({
  id,
  sku: `SKU-${id}`,
  nombre: `Producto ${id}`,
  stock: 100,
  precio: 5000,
  fecha_vencimiento: '2099-12-31',
  rangos: { ...Object.fromEntries(NOMBRES_RANGO.map((r) => [r, null])), 'Desde 100 kg': 4800 },
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
