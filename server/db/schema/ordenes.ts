import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
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
export const orden = pgTable('orden', {
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
  creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
});

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
    proveedor_producto_id: integer('proveedor_producto_id').references(() => proveedorProducto.id, { onDelete: 'set null' }),
    proveedor_id: integer('proveedor_id').references(() => usuario.id, { onDelete: 'set null' }),
    proveedor_nombre: varchar('proveedor_nombre', { length: 310 }).notNull().default(''),
    sku: varchar('sku', { length: 60 }).notNull().default(''),
    producto_nombre: varchar('producto_nombre', { length: 200 }).notNull(),
    categoria: varchar('categoria', { length: 100 }).notNull().default(''),
    marca: varchar('marca', { length: 100 }).notNull().default(''),
    origen: varchar('origen', { length: 100 }).notNull().default(''),
    unidad: varchar('unidad', { length: 20 }).notNull().default(''),
    cantidad: numeric('cantidad', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    precio: integer('precio').notNull(),
    subtotal: integer('subtotal').notNull(),
  },
  (t) => [index('orden_linea_orden_idx').on(t.orden_id)],
);

/**
 * Which stock lots an order line took its quantity from (first-expired-first-out). A lot with
 * rows here cannot be deleted, and its quantity must not be edited below what orders took.
 */
export const ordenLineaLote = pgTable(
  'orden_linea_lote',
  {
    orden_linea_id: integer('orden_linea_id')
      .notNull()
      .references(() => ordenLinea.id, { onDelete: 'cascade' }),
    lote_id: integer('lote_id')
      .notNull()
      .references(() => lote.id, { onDelete: 'restrict' }),
    cantidad: numeric('cantidad', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orden_linea_id, t.lote_id] }),
    index('orden_linea_lote_lote_idx').on(t.lote_id),
    check('orden_linea_lote_cantidad_positiva', sql`${t.cantidad} > 0`),
  ],
);
