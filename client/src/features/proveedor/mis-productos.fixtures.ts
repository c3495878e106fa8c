import type { ProveedorProducto } from '#common/schemas/proveedor-productos';

/** An approved offer, Lomo vetado by the kilo, with one lot of 400 kg far from expiring; `cambios` are what a test is about. */
export const ofertaDePrueba = (cambios: Partial<ProveedorProducto> = {}): ProveedorProducto => ({
  id: 7,
  producto_id: 700,
  sku: 'LV-01',
  producto_nombre: 'Lomo vetado',
  unidad: 'KILO',
  tarifa: 12990,
  rangos: {},
  estado_moderacion: 'aprobado',
  motivo_rechazo: null,
  stock: [{ id: 70, cantidad: 400, fecha_expiracion: '2099-01-10' }],
  ...cambios,
});
