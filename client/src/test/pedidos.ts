// Test data of the buyer's orders (/ordenes, /ordenes/:id, /seguimiento/:token) and the supplier's pedidos (features/ordenes, features/pedidos).
import { conIva } from '#common/iva';
import type { EmpresaDePedido, EventoPedido, Facturacion, LineaPedido, OrdenDetalle, PedidoDetalle, Seguimiento } from '#common/schemas/pedidos';
import { ENTREGA } from '../ui/datos-entrega.fixtures';

export const SIN_FACTURACION: Facturacion = {
  rut_facturacion: '',
  razon_social: '',
  giro_comercial: '',
  direccion_facturacion: '',
  telefono_facturacion: '',
  email_facturacion: '',
  region_nombre: '',
  comuna_nombre: '',
  rubro_nombre: '',
  metodo_pago_nombre: '',
};
export const FACTURACION: Facturacion = {
  rut_facturacion: '12.345.678-5',
  razon_social: 'Cocina Los Andes SpA',
  giro_comercial: 'Restaurante',
  direccion_facturacion: 'Calle Larga 450',
  telefono_facturacion: '+56922334455',
  email_facturacion: 'facturas@losandes.cl',
  region_nombre: 'Región de Valparaíso',
  comuna_nombre: 'Quilpué',
  rubro_nombre: 'Restaurante',
  metodo_pago_nombre: 'Transferencia bancaria',
};

/** The supplier's company as a purchase order prints it. */
export const EMPRESA_MAULE: EmpresaDePedido = {
  razon_social: 'Comercializadora de Carnes del Maule SpA',
  rut: '76.086.428-5',
  giro: 'Venta al por mayor de carnes',
  direccion: 'Av. San Miguel 1450',
  comuna_nombre: 'Talca',
  region_nombre: 'Región del Maule',
  telefono: '+56712614400',
  correo_ventas: 'ventas@maule.cl',
};

/** A state event of a pedido's history. */
export const evento = (estado: EventoPedido['estado'], creado_en: string, motivo: string | null = null): EventoPedido => ({
  estado,
  tipo: 'estado',
  creado_en,
  motivo,
});

/** An order line as ordered: nothing confirmed short, nothing received yet. */
export const linea = (l: Omit<LineaPedido, 'cantidad_confirmada' | 'cantidad_recibida' | 'problema' | 'comentario'> & Partial<LineaPedido>): LineaPedido => ({
  cantidad_confirmada: null,
  cantidad_recibida: null,
  problema: null,
  comentario: null,
  ...l,
});

/** 'Lomo vetado' by the kilo at $15.000 (80 kg unless told): the line of the supplier's pedido N° 7. */
export const lomoVetado = (l: Partial<LineaPedido> = {}): LineaPedido => {
  const cantidad = l.cantidad ?? 80;
  return linea({
    id: 71,
    producto: 11,
    sku: 'P1-0011',
    producto_nombre: 'Lomo vetado',
    marca: 'Swift',
    unidad: 'KILO',
    cantidad,
    precio: 15_000,
    subtotal: cantidad * 15_000,
    ...l,
  });
};

/**
 * A pedido of order 501; its neto, IVA and total follow its total (and credit) as the server's do,
 * also when it is built from another pedido (`pedido({ ...OTRO, total })`): the other's amounts are dropped.
 */
export const pedido = ({
  neto: _neto,
  iva: _iva,
  total_con_iva: _total,
  ...p
}: Partial<PedidoDetalle> & Pick<PedidoDetalle, 'id' | 'proveedor' | 'estado' | 'eventos' | 'lineas' | 'total'>): PedidoDetalle => ({
  orden_id: 501,
  numero: '501-1',
  creado_en: '2026-11-23T13:05:00Z',
  comprador: 'Cocina Los Andes SpA',
  entrega: ENTREGA,
  facturacion: FACTURACION,
  costo_despacho: 0,
  proveedor_empresa: EMPRESA_MAULE,
  parcial: false,
  recibido_en: null,
  recepcion_hasta: null,
  reclamo: null,
  factura_numero: null,
  factura_fecha: null,
  pagado_el: null,
  ...p,
  ...conIva(p.total - (p.reclamo?.estado === 'aceptado' ? (p.reclamo.monto_credito ?? 0) : 0)),
});

/** Pedido N° 7 of order 501 as its supplier receives it (/pedidos-recibidos/7): one line of Lomo vetado, placed on 23 November. */
export const pedidoRecibido = (p: Partial<PedidoDetalle> = {}): PedidoDetalle => {
  const lineas = p.lineas ?? [lomoVetado()];
  return pedido({
    id: 7,
    proveedor: 'Carnes del Maule',
    estado: 'pendiente',
    eventos: [evento('pendiente', '2026-11-23T13:05:00Z')],
    lineas,
    total: lineas.reduce((suma, l) => suma + l.subtotal, 0) + (p.costo_despacho ?? 0),
    ...p,
  });
};

export const PENDIENTE = pedido({
  id: 45,
  proveedor: 'Carnes del Maule',
  estado: 'pendiente',
  eventos: [evento('pendiente', '2026-11-23T13:05:00Z')],
  lineas: [
    linea({
      id: 901,
      producto: 11,
      sku: 'CM-LV',
      producto_nombre: 'Lomo vetado',
      marca: 'Swift',
      unidad: 'KILO',
      cantidad: 80,
      precio: 15_000,
      subtotal: 1_200_000,
    }),
  ],
  // The supplier's delivery fee, included in the pedido's total.
  costo_despacho: 8_990,
  total: 1_208_990,
});
export const RECHAZADO = pedido({
  id: 46,
  numero: '501-2',
  proveedor: 'Distribuidora Austral',
  estado: 'rechazado',
  eventos: [evento('pendiente', '2026-11-23T13:05:00Z'), evento('rechazado', '2026-11-23T15:40:00Z', 'No nos queda arroz grado 1 para esa fecha.')],
  lineas: [
    linea({
      id: 902,
      producto: 14,
      sku: 'DA-AR1',
      producto_nombre: 'Arroz grado 1',
      marca: 'Tucapel',
      unidad: 'KILO',
      cantidad: 280,
      precio: 1_250,
      subtotal: 350_000,
    }),
  ],
  total: 350_000,
});

/** Order 501: one pedido still pendiente (with a delivery fee), the other rejected with its reason (delivered free). */
export const ORDEN: OrdenDetalle = {
  id: 501,
  creado_en: '2026-11-23T13:05:00Z',
  comprador: 'Cocina Los Andes SpA',
  entrega: ENTREGA,
  facturacion: FACTURACION,
  total: 1_558_990,
  // The rejected pedido no longer counts.
  ...conIva(PENDIENTE.neto),
  pedidos: [PENDIENTE, RECHAZADO],
};

/** Order 501 as its tracking link answers it: each pedido's state, day, comuna and lines, none of the buyer's data. */
export const SEGUIMIENTO: Seguimiento = {
  id: ORDEN.id,
  creado_en: ORDEN.creado_en,
  total: ORDEN.total,
  neto: ORDEN.neto,
  iva: ORDEN.iva,
  total_con_iva: ORDEN.total_con_iva,
  pedidos: ORDEN.pedidos.map((p) => ({
    estado: p.estado,
    fecha_entrega: p.entrega.fecha_entrega,
    comuna_nombre: p.entrega.comuna_nombre,
    id: p.id,
    proveedor: p.proveedor,
    lineas: p.lineas,
    costo_despacho: p.costo_despacho,
    total: p.total,
    parcial: p.parcial,
    neto: p.neto,
    iva: p.iva,
    total_con_iva: p.total_con_iva,
    eventos: p.eventos,
  })),
};
