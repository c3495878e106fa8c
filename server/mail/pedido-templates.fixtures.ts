// Test data of the order and pedido e-mails (pedido-templates.ts): the order they speak of, its pedidos and lines.
import type { Entrega } from '#common/schemas/pedidos';

/** Delivered to a place, as saved addresses often name their contact ('Bodega Sur'). */
const ENTREGA: Entrega = {
  nombre_contacto: 'Bodega Sur',
  correo_contacto: 'bodega@prueba.cl',
  telefono_contacto: '+56912345678',
  direccion_envio: 'Av. Providencia 1234',
  comuna_nombre: 'Providencia',
  region_nombre: 'Metropolitana de Santiago',
  fecha_entrega: '2026-12-02',
};

/** Order 31 of Comercial Los Andes SpA for `total` net, bought by the account `nombre_cuenta` (or as a guest). */
export const ordenCorreo = (total: number, nombre_cuenta?: string | null) => ({
  id: 31,
  creado_en: '2026-11-28T15:00:00.000Z',
  comprador: 'Comercial Los Andes SpA',
  total,
  nombre_cuenta,
  entrega: ENTREGA,
});

/** A line sold by the kilo: `cantidad` kg of `producto_nombre` at `precio` each. */
export const lineaCorreo = (producto_nombre: string, cantidad: number, precio: number) => ({
  producto: 12,
  sku: 'X1',
  producto_nombre,
  marca: '',
  unidad: 'KILO',
  cantidad,
  precio,
  subtotal: cantidad * precio,
});
