import { z } from '../zod-es';
import { isUnaLinea, SALTO_DE_LINEA } from '../texto';
import { idSchema } from '../numeros';

/**
 * Pedidos: an order is split into one pedido per supplier, and each pedido lives its
 * own life cycle. The states, the moves between them and their Spanish words are the contract of
 * server and client alike.
 */
export const ESTADOS_PEDIDO = ['pendiente', 'confirmado', 'rechazado', 'anulado', 'despachado', 'entregado'] as const;
export type EstadoPedido = (typeof ESTADOS_PEDIDO)[number];

export const ESTADO_INVALIDO = `El estado debe ser uno de: ${ESTADOS_PEDIDO.join(', ')}.`;
export const estadoPedidoSchema = z.enum(ESTADOS_PEDIDO, { error: ESTADO_INVALIDO });

/** pendiente → confirmado | rechazado | anulado; confirmado → despachado | rechazado; despachado → entregado. */
export const TRANSICIONES: Record<EstadoPedido, readonly EstadoPedido[]> = {
  pendiente: ['confirmado', 'rechazado', 'anulado'],
  confirmado: ['despachado', 'rechazado'],
  despachado: ['entregado'],
  entregado: [],
  rechazado: [],
  anulado: [],
};

/** Who may ask for each state: the buyer only cancels; the supplier moves everything else. */
export const ESTADOS_DEL_COMPRADOR: readonly EstadoPedido[] = ['anulado'];
export const ESTADOS_DEL_PROVEEDOR: readonly EstadoPedido[] = ['confirmado', 'rechazado', 'despachado', 'entregado'];

/** The states that give the pedido's stock back to the lots it was taken from. */
export const ESTADOS_QUE_DEVUELVEN: readonly EstadoPedido[] = ['rechazado', 'anulado'];

/** How a state reads on screens and in e-mails. */
export const ESTADO_PEDIDO_TEXTO: Record<EstadoPedido, string> = {
  pendiente: 'Pendiente',
  confirmado: 'Confirmado',
  rechazado: 'Rechazado',
  anulado: 'Anulado',
  despachado: 'Despachado',
  entregado: 'Entregado',
};

const PARTICIPIO: Record<EstadoPedido, string> = {
  pendiente: 'recibido',
  confirmado: 'confirmado',
  rechazado: 'rechazado',
  anulado: 'anulado',
  despachado: 'despachado',
  entregado: 'entregado',
};

/**
 * Why a move from `actual` to `nuevo` is refused (409), or undefined when it is allowed or a
 * repetition of the current state (which changes nothing). A finished pedido says what it
 * became ('El pedido ya fue despachado.'); one that is not there yet says what must come first.
 */
export function transicionRechazada(actual: EstadoPedido, nuevo: EstadoPedido): string | undefined {
  if (actual === nuevo || TRANSICIONES[actual].includes(nuevo)) return undefined;
  if (actual !== 'pendiente') return `El pedido ya fue ${PARTICIPIO[actual]}.`;
  return 'El pedido debe confirmarse primero.';
}

export const MOTIVO_MAX = 500;
export const MOTIVO_OBLIGATORIO = 'Indica el motivo del rechazo.';
export const MOTIVO_LARGO = `El motivo puede tener como máximo ${MOTIVO_MAX} caracteres.`;

/** Body of POST /api/pedidos/{id}/estado/. A rejection must say why (the buyer reads it). */
export const cambioEstadoSchema = z
  .object({
    estado: estadoPedidoSchema,
    motivo: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      z.string().trim().max(MOTIVO_MAX, MOTIVO_LARGO).refine(isUnaLinea, SALTO_DE_LINEA).optional(),
    ),
  })
  .superRefine((b, ctx) => {
    if (b.estado === 'rechazado' && b.motivo === undefined) ctx.addIssue({ code: 'custom', message: MOTIVO_OBLIGATORIO, path: ['motivo'] });
  });
export type CambioEstadoInput = z.input<typeof cambioEstadoSchema>;
export type CambioEstadoData = z.output<typeof cambioEstadoSchema>;

/** Rows of one page of GET /api/pedidos/ and GET /api/ordenes/. */
export const PEDIDOS_POR_PAGINA = 20;

const paginaSchema = idSchema('Página inválida.').default(1);

/** Query of GET /api/pedidos/: a page, a state and a search over the buyer's name and the numbers. */
export const pedidosQuerySchema = z.object({
  page: paginaSchema,
  estado: estadoPedidoSchema.optional(),
  q: z.string().trim().max(100, 'La búsqueda puede tener como máximo 100 caracteres.').optional(),
});
export type PedidosQuery = z.output<typeof pedidosQuerySchema>;

export const ordenesQuerySchema = z.object({ page: paginaSchema });

/** A page of a list: how many there are in all, and this page's rows (GET /api/ordenes/ and the like). */
export const pagina = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), results: z.array(item) });

/** One row of the supplier's inbox. */
export const pedidoResumenSchema = z.object({
  id: z.number().int(),
  orden_id: z.number().int(),
  estado: estadoPedidoSchema,
  creado_en: z.string(),
  fecha_entrega: z.string().nullable(),
  comprador: z.string(),
  comuna_nombre: z.string(),
  total: z.number().int(),
  lineas: z.number().int(),
});
export type PedidoResumen = z.infer<typeof pedidoResumenSchema>;
export const pedidosPageSchema = pagina(pedidoResumenSchema);
export type PedidosPage = z.infer<typeof pedidosPageSchema>;

export const eventoPedidoSchema = z.object({ estado: estadoPedidoSchema, creado_en: z.string(), motivo: z.string().nullable() });
export type EventoPedido = z.infer<typeof eventoPedidoSchema>;

/** Where and to whom the order goes, as it was placed (DESIGN §2: orders copy). */
export const entregaSchema = z.object({
  nombre_contacto: z.string(),
  correo_contacto: z.string(),
  telefono_contacto: z.string(),
  direccion_envio: z.string(),
  comuna_nombre: z.string(),
  region_nombre: z.string(),
  fecha_entrega: z.string().nullable(),
});
export type Entrega = z.infer<typeof entregaSchema>;

export const facturacionSchema = z.object({
  rut_facturacion: z.string(),
  razon_social: z.string(),
  giro_comercial: z.string(),
  direccion_facturacion: z.string(),
  telefono_facturacion: z.string(),
  email_facturacion: z.string(),
  region_nombre: z.string(),
  comuna_nombre: z.string(),
  rubro_nombre: z.string(),
  metodo_pago_nombre: z.string(),
});
export type Facturacion = z.infer<typeof facturacionSchema>;

export const lineaPedidoSchema = z.object({
  /** The product bought, for 'Cotizar de nuevo' (docs/producto.md §16); null for a line whose product the catalogue lost. */
  producto: z.number().int().nullable(),
  sku: z.string(),
  producto_nombre: z.string(),
  marca: z.string(),
  unidad: z.string(),
  cantidad: z.number(),
  precio: z.number().int(),
  subtotal: z.number().int(),
});
export type LineaPedido = z.infer<typeof lineaPedidoSchema>;

/**
 * The supplier's company as its purchase order prints it (docs/decisions/024): the copy the pedido
 * took when it was placed (read as saved now for a pedido placed before pedidos kept one); null for
 * a supplier that had none.
 */
export const empresaDePedidoSchema = z.object({
  razon_social: z.string(),
  rut: z.string(),
  giro: z.string(),
  direccion: z.string(),
  comuna_nombre: z.string(),
  region_nombre: z.string(),
  /** E.164. */
  telefono: z.string(),
  correo_ventas: z.string(),
});
export type EmpresaDePedido = z.infer<typeof empresaDePedidoSchema>;

/** GET /api/pedidos/{id}/: everything its supplier needs to prepare it, and its history. */
export const pedidoDetalleSchema = z.object({
  id: z.number().int(),
  orden_id: z.number().int(),
  estado: estadoPedidoSchema,
  creado_en: z.string(),
  eventos: z.array(eventoPedidoSchema),
  /** Its supplier's name as buyers saw it when the order was placed (a copy). */
  proveedor: z.string(),
  proveedor_empresa: empresaDePedidoSchema.nullable(),
  comprador: z.string(),
  entrega: entregaSchema,
  facturacion: facturacionSchema,
  lineas: z.array(lineaPedidoSchema),
  /** The supplier's delivery fee on this pedido, included in total. */
  costo_despacho: z.number().int(),
  total: z.number().int(),
});
export type PedidoDetalle = z.infer<typeof pedidoDetalleSchema>;

/** A pedido as an order lists it. */
export const pedidoDeOrdenSchema = z.object({ id: z.number().int(), proveedor: z.string(), estado: estadoPedidoSchema, total: z.number().int() });
export type PedidoDeOrden = z.infer<typeof pedidoDeOrdenSchema>;

/** One row of GET /api/ordenes/: the buyer's order with each supplier's state. */
export const ordenResumenSchema = z.object({
  id: z.number().int(),
  creado_en: z.string(),
  fecha_entrega: z.string().nullable(),
  comuna_nombre: z.string(),
  total: z.number().int(),
  // docs/producto.md §2 Order history shows each order's billing rows.
  facturacion: facturacionSchema,
  pedidos: z.array(pedidoDeOrdenSchema),
});
export type OrdenResumen = z.infer<typeof ordenResumenSchema>;
export const ordenesPageSchema = pagina(ordenResumenSchema);
export type OrdenesPage = z.infer<typeof ordenesPageSchema>;

/** GET /api/ordenes/{id}/: the buyer's whole order, pedido by pedido. */
export const ordenDetalleSchema = z.object({
  id: z.number().int(),
  creado_en: z.string(),
  comprador: z.string(),
  entrega: entregaSchema,
  facturacion: facturacionSchema,
  total: z.number().int(),
  pedidos: z.array(pedidoDetalleSchema),
});
export type OrdenDetalle = z.infer<typeof ordenDetalleSchema>;

/**
 * A pedido as its tracking link shows it (docs/decisions/011 §Enlace de seguimiento): its state
 * first, then when and in which comuna it arrives, and what it brings. A link can be forwarded, so
 * nothing that identifies or reaches the buyer: no RUT, razón social, giro, street, phone, e-mail,
 * contact name or payment method (those are on /ordenes/{id}, behind the account).
 */
export const pedidoSeguimientoSchema = z.object({
  estado: estadoPedidoSchema,
  fecha_entrega: z.string().nullable(),
  comuna_nombre: z.string(),
  id: z.number().int(),
  proveedor: z.string(),
  lineas: z.array(lineaPedidoSchema),
  costo_despacho: z.number().int(),
  total: z.number().int(),
  eventos: z.array(eventoPedidoSchema),
});
export type PedidoSeguimiento = z.infer<typeof pedidoSeguimientoSchema>;

/** GET /api/seguimiento/{token}/: the order for whoever holds its link, without login. */
export const seguimientoSchema = z.object({
  id: z.number().int(),
  creado_en: z.string(),
  total: z.number().int(),
  pedidos: z.array(pedidoSeguimientoSchema),
});
export type Seguimiento = z.infer<typeof seguimientoSchema>;

export const PEDIDO_NO_ENCONTRADO = 'Pedido no encontrado.';
export const ORDEN_NO_ENCONTRADA = 'Orden no encontrada.';
export const SOLO_PROVEEDOR = 'Solo el proveedor puede cambiar el pedido a ese estado.';
export const SOLO_COMPRADOR = 'Solo quien compró puede anular el pedido.';
