// Test data of a purchase's delivery: DatosEntrega's own test and the pages that show it
// (/facturacion before the order, the buyer's order and the supplier's pedido after).
import type { Entrega } from '#common/schemas/pedidos';

export const ENTREGA: Entrega = {
  nombre_contacto: 'Daniela Araya',
  correo_contacto: 'daniela@prueba.cl',
  telefono_contacto: '+56912345678',
  direccion_envio: 'Av. Los Carrera 1450',
  comuna_nombre: 'Quilpué',
  region_nombre: 'Región de Valparaíso',
  fecha_entrega: '2026-11-30',
};
