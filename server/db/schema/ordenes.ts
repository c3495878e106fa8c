import { integer, numeric, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { cotizacion, cotizante } from './cotizaciones';
import { proveedorProducto } from './proveedor';
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

export const orden = pgTable('orden', {
  id: serial('id').primaryKey(),
  cotizacion_id: integer('cotizacion_id')
    .notNull()
    .references(() => cotizacion.id),
  cotizante_id: integer('cotizante_id').references(() => cotizante.id, { onDelete: 'set null' }),
  usuario_id: integer('usuario_id').references(() => usuario.id, { onDelete: 'set null' }),
  rut_facturacion: varchar('rut_facturacion', { length: 12 }).notNull().default(''),
  razon_social: varchar('razon_social', { length: 200 }).notNull().default(''),
  giro_comercial: varchar('giro_comercial', { length: 200 }).notNull().default(''),
  direccion_facturacion: varchar('direccion_facturacion', { length: 255 }).notNull().default(''),
  telefono_facturacion: varchar('telefono_facturacion', { length: 20 }).notNull().default(''),
  email_facturacion: varchar('email_facturacion', { length: 254 }).notNull().default(''),
  region_id: smallint('region_id').references(() => region.id),
  comuna_id: integer('comuna_id').references(() => comuna.id),
  rubro_id: integer('rubro_id').references(() => rubro.id),
  metodo_pago_id: integer('metodo_pago_id').references(() => metodoPago.id),
  total: integer('total').notNull(),
  creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
});

/** Prices are frozen here at order time; later price changes do not touch placed orders. */
export const ordenLinea = pgTable('orden_linea', {
  id: serial('id').primaryKey(),
  orden_id: integer('orden_id')
    .notNull()
    .references(() => orden.id, { onDelete: 'cascade' }),
  proveedor_producto_id: integer('proveedor_producto_id').references(() => proveedorProducto.id, { onDelete: 'set null' }),
  proveedor_id: integer('proveedor_id').references(() => usuario.id, { onDelete: 'set null' }),
  producto_nombre: varchar('producto_nombre', { length: 200 }).notNull(),
  cantidad: numeric('cantidad', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  precio: integer('precio').notNull(),
  subtotal: integer('subtotal').notNull(),
});
