import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgEnum, pgTable, serial, smallint, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import type { OrdenData } from '#common/schemas/ordenes';
import {
  COMENTARIO_MAX,
  type EmpresaDePedido,
  ESTADOS_PEDIDO,
  ESTADOS_RECLAMO,
  FACTURA_NUMERO_MAX,
  MOTIVO_MAX,
  PROBLEMAS_RECEPCION,
  TIPOS_EVENTO,
} from '#common/schemas/pedidos';
import { producto } from './catalogo';
import { cotizacion, cotizante } from './cotizaciones';
import { lote, proveedorProducto } from './proveedor';
import { comuna, region } from './ubicacion';
import { usuario } from './usuario';

export const rubro = pgTable('rubro', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull().unique(),
});

export const metodoPago = pgTable('metodo_pago', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull().unique(),
});

/**
 * An order copies what it was placed with: the delivery record, the billing data with the
 * names of its región, comuna, rubro and método de pago, so later edits elsewhere change
 * nothing here (DESIGN §2). The ids stay beside the names for reports and links.
 */
export const orden = pgTable(
  'orden',
  {
    id: serial('id').primaryKey(),
    // One order per quotation: the database backs crear-orden's idempotency (docs/decisions/007).
    cotizacion_id: integer('cotizacion_id')
      .notNull()
      .unique('orden_cotizacion_unica')
      .references(() => cotizacion.id),
    cotizante_id: integer('cotizante_id').references(() => cotizante.id, { onDelete: 'set null' }),
    usuario_id: integer('usuario_id').references(() => usuario.id, { onDelete: 'set null' }),
    // Delivery, copied from the quotation's cotizante at order time.
    nombre_contacto: varchar('nombre_contacto', { length: 150 }).notNull().default(''),
    correo_contacto: varchar('correo_contacto', { length: 254 }).notNull().default(''),
    telefono_contacto: varchar('telefono_contacto', { length: 20 }).notNull().default(''),
    direccion_envio: varchar('direccion_envio', { length: 255 }).notNull().default(''),
    region_nombre: varchar('region_nombre', { length: 100 }).notNull().default(''),
    comuna_nombre: varchar('comuna_nombre', { length: 100 }).notNull().default(''),
    fecha_entrega: date('fecha_entrega'),
    // Billing.
    rut_facturacion: varchar('rut_facturacion', { length: 12 }).notNull().default(''),
    razon_social: varchar('razon_social', { length: 200 }).notNull().default(''),
    giro_comercial: varchar('giro_comercial', { length: 200 }).notNull().default(''),
    direccion_facturacion: varchar('direccion_facturacion', { length: 255 }).notNull().default(''),
    telefono_facturacion: varchar('telefono_facturacion', { length: 20 }).notNull().default(''),
    email_facturacion: varchar('email_facturacion', { length: 254 }).notNull().default(''),
    region_id: smallint('region_id').references(() => region.id),
    region_nombre_facturacion: varchar('region_nombre_facturacion', { length: 100 }).notNull().default(''),
    comuna_id: integer('comuna_id').references(() => comuna.id),
    comuna_nombre_facturacion: varchar('comuna_nombre_facturacion', { length: 100 }).notNull().default(''),
    rubro_id: integer('rubro_id').references(() => rubro.id),
    rubro_nombre: varchar('rubro_nombre', { length: 100 }).notNull().default(''),
    metodo_pago_id: integer('metodo_pago_id').references(() => metodoPago.id),
    metodo_pago_nombre: varchar('metodo_pago_nombre', { length: 100 }).notNull().default(''),
    total: integer('total').notNull(),
    // Who bought, as suppliers read it (razón social, else the contact, else the account's name),
    // and where its e-mails go: copied at placement like the rest.
    comprador: varchar('comprador', { length: 310 }).notNull().default(''),
    correo_comprador: varchar('correo_comprador', { length: 254 }).notNull().default(''),
    // The hash of the tracking link's token: whoever holds the link follows the order.
    seguimiento_hash: varchar('seguimiento_hash', { length: 64 }).unique('orden_seguimiento_unico'),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orden_usuario_idx').on(t.usuario_id, t.id)],
);

/**
 * An order placed without an account, held until its contact confirms it from the e-mail
 * (docs/decisions/007, 'Órdenes sin cuenta'): it keeps crear-orden's body, takes no stock and
 * makes no pedido until then, and lapses at `vence_en`. The link's token is stored only as its
 * hash. The address and the IP it was placed from carry the caps on unconfirmed orders. One
 * left unconfirmed is deleted a day after it lapsed; a confirmed one stays, its link answering its order.
 */
export const ordenPorConfirmar = pgTable(
  'orden_por_confirmar',
  {
    id: serial('id').primaryKey(),
    cotizacion_id: integer('cotizacion_id')
      .notNull()
      .references(() => cotizacion.id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique('orden_por_confirmar_token_unico'),
    // Lower-cased: one mailbox is one address for the cap.
    correo: varchar('correo', { length: 254 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    datos: jsonb('datos').$type<OrdenData>().notNull(),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    vence_en: timestamp('vence_en', { withTimezone: true }).notNull(),
    // Set when confirmed (by this link or another of the same quotation): the order it became.
    orden_id: integer('orden_id').references(() => orden.id, { onDelete: 'set null' }),
    confirmado_en: timestamp('confirmado_en', { withTimezone: true }),
  },
  (t) => [
    index('orden_por_confirmar_correo_idx').on(t.correo, t.vence_en),
    index('orden_por_confirmar_ip_idx').on(t.ip, t.vence_en),
    index('orden_por_confirmar_cotizacion_idx').on(t.cotizacion_id),
    // The unconfirmed by when they lapse: each new one deletes those lapsed a day ago (0018), and
    // confirmed ones, kept forever, are never scanned for it.
    index('orden_por_confirmar_sin_confirmar_idx').on(t.vence_en).where(sql`${t.confirmado_en} is null`),
  ],
);

export const estadoPedido = pgEnum('estado_pedido', ESTADOS_PEDIDO);
export const estadoReclamo = pgEnum('estado_reclamo', ESTADOS_RECLAMO);
export const problemaRecepcion = pgEnum('problema_recepcion', PROBLEMAS_RECEPCION);
export const tipoEventoPedido = pgEnum('tipo_evento_pedido', TIPOS_EVENTO);

/**
 * One supplier's part of an order (DESIGN §2): its lines, its subtotal and its own
 * life cycle. The supplier's name is copied as the lines copy it.
 */
export const pedido = pgTable(
  'pedido',
  {
    id: serial('id').primaryKey(),
    orden_id: integer('orden_id')
      .notNull()
      .references(() => orden.id),
    proveedor_id: integer('proveedor_id').references(() => usuario.id, { onDelete: 'set null' }),
    proveedor_nombre: varchar('proveedor_nombre', { length: 310 }).notNull().default(''),
    // The supplier's company as it was when the pedido was placed, for the printed purchase order
    // (docs/decisions/024); null when it had not saved one (pedidos before 0020 read it as it is now).
    empresa_proveedor: jsonb('empresa_proveedor').$type<EmpresaDePedido>(),
    estado: estadoPedido('estado').notNull().default('pendiente'),
    subtotal: integer('subtotal').notNull(),
    costo_despacho: integer('costo_despacho').notNull().default(0),
    // The day its supplier delivers: the order's date, or with none the supplier's first
    // possible day by its terms when placed (today for one without terms). Pedidos placed before
    // 0015 got their order's day (0016); null only where that order had none.
    fecha_entrega: date('fecha_entrega'),
    // When its buyer recorded what arrived (docs/decisions/026): once, within 48 hours of 'entregado'.
    recibido_en: timestamp('recibido_en', { withTimezone: true }),
    // The claim a receipt with a difference opens: its net amount, where it stands, the credit its
    // supplier accepted (net, ≤ the amount) or why it rejected it (docs/decisions/026).
    reclamo_estado: estadoReclamo('reclamo_estado'),
    reclamo_monto: integer('reclamo_monto'),
    monto_credito: integer('monto_credito'),
    reclamo_motivo: varchar('reclamo_motivo', { length: MOTIVO_MAX }),
    reclamo_resuelto_en: timestamp('reclamo_resuelto_en', { withTimezone: true }),
    // The supplier's own bookkeeping: its invoice for this pedido and the day it was paid.
    factura_numero: varchar('factura_numero', { length: FACTURA_NUMERO_MAX }),
    factura_fecha: date('factura_fecha'),
    pagado_el: date('pagado_el'),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizado_en: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('pedido_credito_hasta_reclamo', sql`${t.monto_credito} is null or (${t.monto_credito} >= 0 and ${t.monto_credito} <= ${t.reclamo_monto})`),
    unique('pedido_orden_proveedor').on(t.orden_id, t.proveedor_id),
    // The supplier's inbox, newest first, whole or by state.
    index('pedido_proveedor_idx').on(t.proveedor_id, t.id),
    index('pedido_proveedor_estado_idx').on(t.proveedor_id, t.estado, t.id),
  ],
);

/** A pedido's history: every state it took, when, by whom and why. Never rewritten. */
export const pedidoEvento = pgTable(
  'pedido_evento',
  {
    id: serial('id').primaryKey(),
    pedido_id: integer('pedido_id')
      .notNull()
      .references(() => pedido.id, { onDelete: 'cascade' }),
    // The pedido's state after the event; `tipo` says what happened ('estado': it moved to it).
    estado: estadoPedido('estado').notNull(),
    tipo: tipoEventoPedido('tipo').notNull().default('estado'),
    usuario_id: integer('usuario_id').references(() => usuario.id, { onDelete: 'set null' }),
    motivo: varchar('motivo', { length: MOTIVO_MAX }),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pedido_evento_pedido_idx').on(t.pedido_id, t.id)],
);

/**
 * One product line of an order, with the product and supplier as they were named and the unit
 * price as it was charged: the links may be archived or even gone (set null), the copies stay.
 */
export const ordenLinea = pgTable(
  'orden_linea',
  {
    id: serial('id').primaryKey(),
    orden_id: integer('orden_id')
      .notNull()
      .references(() => orden.id, { onDelete: 'cascade' }),
    pedido_id: integer('pedido_id')
      .notNull()
      .references(() => pedido.id),
    proveedor_producto_id: integer('proveedor_producto_id').references(() => proveedorProducto.id, { onDelete: 'set null' }),
    // The product bought, for the price paid last time (docs/producto.md §16): null only for a line
    // placed before 0019 whose offer was gone by then.
    producto_id: integer('producto_id').references(() => producto.id),
    proveedor_id: integer('proveedor_id').references(() => usuario.id, { onDelete: 'set null' }),
    proveedor_nombre: varchar('proveedor_nombre', { length: 310 }).notNull().default(''),
    sku: varchar('sku', { length: 60 }).notNull().default(''),
    producto_nombre: varchar('producto_nombre', { length: 200 }).notNull(),
    categoria: varchar('categoria', { length: 100 }).notNull().default(''),
    marca: varchar('marca', { length: 100 }).notNull().default(''),
    origen: varchar('origen', { length: 100 }).notNull().default(''),
    unidad: varchar('unidad', { length: 20 }).notNull().default(''),
    // What was ordered; `subtotal` is what is charged: precio × (cantidad_confirmada ?? cantidad).
    cantidad: numeric('cantidad', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    // What its supplier confirmed, when less than ordered (null: all of it; docs/decisions/026).
    cantidad_confirmada: numeric('cantidad_confirmada', { precision: 12, scale: 2, mode: 'number' }),
    // What its buyer received in good condition, and what went wrong with the rest.
    cantidad_recibida: numeric('cantidad_recibida', { precision: 12, scale: 2, mode: 'number' }),
    problema: problemaRecepcion('problema'),
    comentario: varchar('comentario', { length: COMENTARIO_MAX }),
    precio: integer('precio').notNull(),
    subtotal: integer('subtotal').notNull(),
  },
  (t) => [
    check(
      'orden_linea_confirmada_hasta_pedida',
      sql`${t.cantidad_confirmada} is null or (${t.cantidad_confirmada} >= 0 and ${t.cantidad_confirmada} <= ${t.cantidad})`,
    ),
    index('orden_linea_orden_idx').on(t.orden_id),
    index('orden_linea_pedido_idx').on(t.pedido_id),
  ],
);

/**
 * Which stock lots an order line took its quantity from (first-expired-first-out), so a rejected
 * or annulled pedido gives back exactly what it took. The lot's offer and expiry are copied: a lot
 * deleted since (set null) is recreated with them when the stock comes back.
 */
export const ordenLineaLote = pgTable(
  'orden_linea_lote',
  {
    id: serial('id').primaryKey(),
    orden_linea_id: integer('orden_linea_id')
      .notNull()
      .references(() => ordenLinea.id, { onDelete: 'cascade' }),
    lote_id: integer('lote_id').references(() => lote.id, { onDelete: 'set null' }),
    proveedor_producto_id: integer('proveedor_producto_id').references(() => proveedorProducto.id, { onDelete: 'set null' }),
    fecha_expiracion: date('fecha_expiracion').notNull(),
    cantidad: numeric('cantidad', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    unique('orden_linea_lote_linea_lote').on(t.orden_linea_id, t.lote_id),
    index('orden_linea_lote_lote_idx').on(t.lote_id),
    check('orden_linea_lote_cantidad_positiva', sql`${t.cantidad} > 0`),
  ],
);
