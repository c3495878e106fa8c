import { z } from '../zod-es';
import { isUnaLinea, SALTO_DE_LINEA } from '../texto';
import { idSchema } from '../numeros';
import { diaUtc, fechaIsoSchema } from '../fecha';
import { montosIvaSchema } from '../iva';
import { CANTIDAD_NEGATIVA, CANTIDAD_NO_NUMERO } from '../confirmacion-parcial';
import { formatDiaLargo } from '../format';

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

/**
 * Whether its buyer may annul a pedido: while pendiente, and also once confirmed partially, until it
 * is dispatched. A supplier that confirms less changed the deal, so the buyer may decline what is
 * left (docs/decisions/026 §Confirmación parcial); TRANSICIONES stays the cycle of the states alone.
 */
export const puedeAnular = (p: { estado: EstadoPedido; parcial: boolean }) => p.estado === 'pendiente' || (p.estado === 'confirmado' && p.parcial);

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

/**
 * After delivery (docs/decisions/026): what may have gone wrong with a received line, where a claim
 * stands, and what each event of a pedido's history records ('estado': it moved to a state).
 */
export const PROBLEMAS_RECEPCION = ['faltante', 'dañado', 'vencido', 'otro'] as const;
export type ProblemaRecepcion = (typeof PROBLEMAS_RECEPCION)[number];
export const PROBLEMA_TEXTO: Record<ProblemaRecepcion, string> = { faltante: 'Faltante', dañado: 'Dañado', vencido: 'Vencido', otro: 'Otro' };
export const ESTADOS_RECLAMO = ['abierto', 'aceptado', 'rechazado'] as const;
export type EstadoReclamo = (typeof ESTADOS_RECLAMO)[number];
/** How a claim's state reads on rows and badges. */
export const ESTADO_RECLAMO_TEXTO: Record<EstadoReclamo, string> = { abierto: 'Reclamo abierto', aceptado: 'Reclamo aceptado', rechazado: 'Reclamo rechazado' };
export const TIPOS_EVENTO = ['estado', 'recepcion', 'reclamo_aceptado', 'reclamo_rechazado', 'factura', 'pago'] as const;
export type TipoEvento = (typeof TIPOS_EVENTO)[number];
/** How each event reads in a pedido's history ('estado': the state it moved to). */
export const eventoTexto = (e: { estado: EstadoPedido; tipo: TipoEvento }): string =>
  e.tipo === 'estado' ? ESTADO_PEDIDO_TEXTO[e.estado] : TIPO_EVENTO_TEXTO[e.tipo];
const TIPO_EVENTO_TEXTO: Record<Exclude<TipoEvento, 'estado'>, string> = {
  recepcion: 'Recepción registrada',
  reclamo_aceptado: 'Reclamo aceptado',
  reclamo_rechazado: 'Reclamo rechazado',
  // What changed is the event's text (facturaTexto, pagoTexto, or that it was taken off).
  factura: 'Factura',
  pago: 'Pago',
};
export const COMENTARIO_MAX = 500;
export const FACTURA_NUMERO_MAX = 40;
/** How long after 'entregado' its buyer may record what arrived. */
export const HORAS_PARA_RECEPCION = 48;

/** One line of a partial confirmation: how much of an order line the supplier confirms. */
export const lineaConfirmadaSchema = z.object({
  id: idSchema('Línea inválida.'),
  cantidad: z.number({ error: CANTIDAD_NO_NUMERO }).min(0, CANTIDAD_NEGATIVA),
});

/** A partial confirmation's refusals (docs/decisions/026 §Confirmación parcial); each quantity's, common/confirmacion-parcial.ts. */
export const LINEAS_SOLO_AL_CONFIRMAR = 'Las cantidades se indican solo al confirmar el pedido.';
export const LINEAS_SOLO_PENDIENTE = 'Solo un pedido pendiente puede confirmarse con otras cantidades.';
export const LINEA_REPETIDA = 'Cada línea puede indicarse una sola vez.';
export const lineaAjena = (id: number) => `La línea ${id} no es de este pedido.`;
/** The reason of a confirmation with every quantity at 0, which is a rejection, when its supplier gave none. */
export const MOTIVO_SIN_CANTIDADES = 'El proveedor no puede entregar ninguno de los productos del pedido.';
export const ESTADO_CONFIRMADO_PARCIAL = 'Confirmado parcial';
/** A pedido's state as its badge reads it: a confirmed one with a short line is 'Confirmado parcial'. */
export const estadoPedidoTexto = (estado: EstadoPedido, parcial = false) =>
  estado === 'confirmado' && parcial ? ESTADO_CONFIRMADO_PARCIAL : ESTADO_PEDIDO_TEXTO[estado];

/** Body of POST /api/pedidos/{id}/estado/. A rejection must say why (the buyer reads it). */
export const cambioEstadoSchema = z
  .object({
    estado: estadoPedidoSchema,
    motivo: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      z.string().trim().max(MOTIVO_MAX, MOTIVO_LARGO).refine(isUnaLinea, SALTO_DE_LINEA).optional(),
    ),
    /** Only with 'confirmado': the quantity confirmed of each line named (others: all of it); docs/decisions/026. */
    lineas: z.array(lineaConfirmadaSchema).max(600).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.estado === 'rechazado' && b.motivo === undefined) ctx.addIssue({ code: 'custom', message: MOTIVO_OBLIGATORIO, path: ['motivo'] });
    if (b.lineas !== undefined && b.estado !== 'confirmado') ctx.addIssue({ code: 'custom', message: LINEAS_SOLO_AL_CONFIRMAR, path: ['lineas'] });
  });
export type CambioEstadoInput = z.input<typeof cambioEstadoSchema>;
export type CambioEstadoData = z.output<typeof cambioEstadoSchema>;

/** Rows of one page of GET /api/pedidos/ and GET /api/ordenes/. */
export const PEDIDOS_POR_PAGINA = 20;

const paginaSchema = idSchema('Página inválida.').default(1);

/** The supplier's bookkeeping filters of /pedidos-recibidos: delivered and not invoiced; invoiced and not paid. */
export const FILTROS_COBRO = ['por_facturar', 'por_cobrar'] as const;
export type FiltroCobro = (typeof FILTROS_COBRO)[number];

/** Query of GET /api/pedidos/: a page, a state and a search over the buyer's name and the numbers. */
export const pedidosQuerySchema = z.object({
  page: paginaSchema,
  estado: estadoPedidoSchema.optional(),
  q: z.string().trim().max(100, 'La búsqueda puede tener como máximo 100 caracteres.').optional(),
  cobro: z.enum(FILTROS_COBRO, { error: 'Filtro inválido.' }).optional(),
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
  /** Net: its lines as confirmed and its delivery fee, before any credit. */
  total: z.number().int(),
  ...montosIvaSchema.shape,
  lineas: z.number().int(),
  /** Some line confirmed for less than ordered. */
  parcial: z.boolean(),
  reclamo_estado: z.enum(ESTADOS_RECLAMO).nullable(),
  factura_numero: z.string().nullable(),
  pagado_el: z.string().nullable(),
});
export type PedidoResumen = z.infer<typeof pedidoResumenSchema>;
export const pedidosPageSchema = pagina(pedidoResumenSchema);
export type PedidosPage = z.infer<typeof pedidosPageSchema>;

/** One step of a pedido's history: a state it took, its receipt, its claim's answer, its invoice, its payment. */
export const eventoPedidoSchema = z.object({
  estado: estadoPedidoSchema,
  tipo: z.enum(TIPOS_EVENTO),
  creado_en: z.string(),
  motivo: z.string().nullable(),
});
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

/** A line as a purchase summary and the e-mails give it: what is bought, at what price. */
export const lineaCompraSchema = z.object({
  /** The product bought, for 'Cotizar de nuevo' (docs/producto.md §16); null for a line whose product the catalogue lost. */
  producto: z.number().int().nullable(),
  sku: z.string(),
  producto_nombre: z.string(),
  marca: z.string(),
  unidad: z.string(),
  /** What was ordered. */
  cantidad: z.number(),
  precio: z.number().int(),
  /** What is charged, net: precio × the quantity (as confirmed, on a pedido's line). */
  subtotal: z.number().int(),
});
export type LineaCompra = z.infer<typeof lineaCompraSchema>;

/** A pedido's line: what was ordered, confirmed and received (docs/decisions/026). */
export const lineaPedidoSchema = lineaCompraSchema.extend({
  /** The order line's own id: partial confirmations and receipts name it. */
  id: z.number().int(),
  /** What the supplier confirmed when less than ordered; null: all of it (or not confirmed yet). */
  cantidad_confirmada: z.number().nullable(),
  /** What the buyer received in good condition; null until it records the receipt. */
  cantidad_recibida: z.number().nullable(),
  problema: z.enum(PROBLEMAS_RECEPCION).nullable(),
  comentario: z.string().nullable(),
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

/** A receipt's claim (docs/decisions/026): its net amount, where it stands, the credit or the reason it was rejected. */
export const reclamoSchema = z.object({
  estado: z.enum(ESTADOS_RECLAMO),
  /** Net: Σ (confirmed − received) × price of its lines. */
  monto: z.number().int(),
  /** Net, ≤ monto; set when accepted. */
  monto_credito: z.number().int().nullable(),
  /** Why its supplier rejected it. */
  motivo: z.string().nullable(),
  resuelto_en: z.string().nullable(),
});
export type Reclamo = z.infer<typeof reclamoSchema>;

/** GET /api/pedidos/{id}/: everything its supplier needs to prepare it, and its history. */
export const pedidoDetalleSchema = z.object({
  id: z.number().int(),
  orden_id: z.number().int(),
  /** How both parties name it: the order's number and the pedido's place in it ('12-2'). */
  numero: z.string(),
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
  /** Net: its lines (as confirmed) and its delivery fee, before any credit. */
  total: z.number().int(),
  /** Some line confirmed for less than ordered ('Confirmado parcial'). */
  parcial: z.boolean(),
  /** When its buyer recorded the receipt; until then, up to when it may (null: not now). */
  recibido_en: z.string().nullable(),
  recepcion_hasta: z.string().nullable(),
  reclamo: reclamoSchema.nullable(),
  factura_numero: z.string().nullable(),
  factura_fecha: z.string().nullable(),
  pagado_el: z.string().nullable(),
  /** The final amounts: total less the accepted credit, its IVA, and both. */
  ...montosIvaSchema.shape,
});
export type PedidoDetalle = z.infer<typeof pedidoDetalleSchema>;

/** A pedido as an order lists it. */
export const pedidoDeOrdenSchema = z.object({
  id: z.number().int(),
  proveedor: z.string(),
  estado: estadoPedidoSchema,
  total: z.number().int(),
  parcial: z.boolean(),
  reclamo_estado: z.enum(ESTADOS_RECLAMO).nullable(),
  ...montosIvaSchema.shape,
});
export type PedidoDeOrden = z.infer<typeof pedidoDeOrdenSchema>;

/** One row of GET /api/ordenes/: the buyer's order with each supplier's state. */
export const ordenResumenSchema = z.object({
  id: z.number().int(),
  creado_en: z.string(),
  fecha_entrega: z.string().nullable(),
  comuna_nombre: z.string(),
  /** As placed, net. */
  total: z.number().int(),
  /** What stands now: its pedidos not rejected nor annulled, as confirmed, less credits; IVA once on that neto. */
  ...montosIvaSchema.shape,
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
  ...montosIvaSchema.shape,
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
  parcial: z.boolean(),
  ...montosIvaSchema.shape,
  eventos: z.array(eventoPedidoSchema),
});
export type PedidoSeguimiento = z.infer<typeof pedidoSeguimientoSchema>;

/** GET /api/seguimiento/{token}/: the order for whoever holds its link, without login. */
export const seguimientoSchema = z.object({
  id: z.number().int(),
  creado_en: z.string(),
  total: z.number().int(),
  ...montosIvaSchema.shape,
  pedidos: z.array(pedidoSeguimientoSchema),
});
export type Seguimiento = z.infer<typeof seguimientoSchema>;

export const PEDIDO_NO_ENCONTRADO = 'Pedido no encontrado.';
export const ORDEN_NO_ENCONTRADA = 'Orden no encontrada.';
export const SOLO_PROVEEDOR = 'Solo el proveedor puede cambiar el pedido a ese estado.';
export const SOLO_COMPRADOR = 'Solo quien compró puede anular el pedido.';

/** Messages after delivery (docs/decisions/026). */
export const SOLO_COMPRADOR_RECIBE = 'Solo quien compró puede registrar la recepción.';
export const SOLO_PROVEEDOR_RESPONDE = 'Solo el proveedor puede responder el reclamo.';
export const SOLO_PROVEEDOR_FACTURA = 'Solo el proveedor puede registrar la factura y el pago.';
export const RECEPCION_FUERA_DE_PLAZO = `El plazo para registrar la recepción venció: son ${HORAS_PARA_RECEPCION} horas desde la entrega.`;
export const RECEPCION_YA_REGISTRADA = 'La recepción de este pedido ya fue registrada.';
export const RECEPCION_AUN_NO = 'El pedido aún no fue despachado.';
export const PROBLEMA_OBLIGATORIO = 'Indica el problema de la línea.';
export const COMENTARIO_LARGO = `El comentario puede tener como máximo ${COMENTARIO_MAX} caracteres.`;
export const SIN_RECLAMO_ABIERTO = 'Este pedido no tiene un reclamo abierto.';
export const CREDITO_EXCESIVO = 'El crédito no puede superar el monto reclamado.';

/** Body of POST /api/pedidos/{id}/recepcion/: what arrived of each line (lines not named: all of it, without problem). */
export const recepcionSchema = z.object({
  lineas: z
    .array(
      z.object({
        id: idSchema('Línea inválida.'),
        cantidad_recibida: z.number({ error: 'La cantidad recibida debe ser un número.' }).min(0, 'La cantidad recibida no puede ser negativa.'),
        problema: z
          .enum(PROBLEMAS_RECEPCION, { error: `El problema debe ser uno de: ${PROBLEMAS_RECEPCION.join(', ')}.` })
          .nullable()
          .default(null),
        comentario: z.preprocess(
          // Absent, null or blank: no comment.
          (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
          z.string().trim().max(COMENTARIO_MAX, COMENTARIO_LARGO).refine(isUnaLinea, SALTO_DE_LINEA).nullable(),
        ),
      }),
    )
    .max(600),
});
export type RecepcionData = z.output<typeof recepcionSchema>;

/** Body of POST /api/pedidos/{id}/reclamo/: its supplier accepts with a net credit, or rejects with a reason. */
export const respuestaReclamoSchema = z.discriminatedUnion(
  'accion',
  [
    z.object({
      accion: z.literal('aceptar'),
      monto_credito: z.number({ error: 'Indica el monto del crédito.' }).int('El crédito es en pesos enteros.').min(0, 'El crédito no puede ser negativo.'),
    }),
    z.object({
      accion: z.literal('rechazar'),
      motivo: z.string({ error: MOTIVO_OBLIGATORIO }).trim().min(1, MOTIVO_OBLIGATORIO).max(MOTIVO_MAX, MOTIVO_LARGO).refine(isUnaLinea, SALTO_DE_LINEA),
    }),
  ],
  { error: "La acción debe ser 'aceptar' o 'rechazar'." },
);
export type RespuestaReclamoData = z.output<typeof respuestaReclamoSchema>;

/** Body of PATCH /api/pedidos/{id}/: its supplier's invoice and payment; null clears a field, absent leaves it. */
export const facturaPedidoSchema = z.object({
  factura_numero: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(FACTURA_NUMERO_MAX, `El número de factura puede tener como máximo ${FACTURA_NUMERO_MAX} caracteres.`)
      .refine(isUnaLinea, SALTO_DE_LINEA)
      .nullable()
      .optional(),
  ),
  factura_fecha: fechaIsoSchema('Fecha de factura inválida.').nullable().optional(),
  pagado_el: fechaIsoSchema('Fecha de pago inválida.').nullable().optional(),
});
export type FacturaPedidoData = z.output<typeof facturaPedidoSchema>;

/** The longest range an export takes, in days (both ends included): a whole leap year (docs/decisions/026 §Exportar). */
export const EXPORTAR_MAX_DIAS = 366;
export const RANGO_INVERTIDO = 'La fecha desde no puede ser posterior a la fecha hasta.';
export const RANGO_LARGO = `El rango puede tener como máximo ${EXPORTAR_MAX_DIAS} días.`;
const DIA_MS = 86_400_000;
/** How an invoice and a payment read on both parties' screens and in a pedido's history: 'Factura N° 123 del 30 de noviembre de 2026'. */
export const facturaTexto = (numero: string, fecha: string | null) => `Factura N° ${numero}${fecha ? ` del ${formatDiaLargo(fecha)}` : ''}`;
export const pagoTexto = (fecha: string) => `Pagada el ${formatDiaLargo(fecha)}`;
export const FACTURA_QUITADA = 'Se quitó la factura.';
export const PAGO_QUITADO = 'Se quitó el pago.';

/** Why an invoice or payment is refused (docs/decisions/026 §La orden de compra como documento; factura y pago). */
export const FACTURA_SIN_CONFIRMAR = 'El pedido debe confirmarse antes de registrar su factura.';
export const facturaDePedidoCerrado = (estado: 'rechazado' | 'anulado') => `El pedido fue ${estado}: no se factura.`;
export const FACTURA_DE_PEDIDO_PAGADO = 'El pedido ya está pagado: quita primero la fecha de pago para quitar su factura.';
export const FACTURA_SIN_NUMERO = 'Indica el número de la factura.';
export const PAGO_SIN_FACTURA = 'Registra primero la factura del pedido.';
export const fechaAntesDelPedido = (campo: 'factura' | 'pago', dia: string) =>
  `La fecha de ${campo} no puede ser anterior al día del pedido (${formatDiaLargo(dia)}).`;
export const fechaFutura = (campo: 'factura' | 'pago') => `La fecha de ${campo} no puede ser posterior a hoy.`;
export const PAGO_ANTES_DE_FACTURA = 'La fecha de pago no puede ser anterior a la de la factura.';
export const FACTURA_DESPUES_DEL_PAGO = 'La fecha de factura no puede ser posterior a la del pago.';

/** Query of GET /api/pedidos/exportar/ and GET /api/ordenes/exportar/: a range of days (Chile), both included. */
export const exportarQuerySchema = z
  .object({
    desde: fechaIsoSchema('Fecha desde inválida.'),
    hasta: fechaIsoSchema('Fecha hasta inválida.'),
  })
  .refine((q) => q.desde <= q.hasta, { message: RANGO_INVERTIDO, path: ['hasta'] })
  .refine((q) => (diaUtc(q.hasta).getTime() - diaUtc(q.desde).getTime()) / DIA_MS + 1 <= EXPORTAR_MAX_DIAS, { message: RANGO_LARGO, path: ['hasta'] });
export type ExportarQuery = z.output<typeof exportarQuerySchema>;

/** The file an export is saved as, the server's Content-Disposition and the browser's download alike: 'pedidos-2026-11-01-a-2026-11-30.xlsx'. */
export const archivoExportar = (de: 'pedidos' | 'ordenes', { desde, hasta }: ExportarQuery) => `${de}-${desde}-a-${hasta}.xlsx`;
