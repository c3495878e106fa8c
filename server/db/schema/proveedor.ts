import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, serial, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { producto, rangoPrecio } from './catalogo';
import { usuario } from './usuario';

/**
 * A supplier's offer of a catalogue product. Money is whole CLP. An offer a quotation or an
 * order refers to is archived (archivado_en), never deleted: it leaves the supplier's list,
 * the catalogue and new comparisons, and its history stays (DESIGN §2).
 */
export const proveedorProducto = pgTable(
  'proveedor_producto',
  {
    id: serial('id').primaryKey(),
    // No action on both: removing a supplier or a product must not take quotations and orders with it.
    proveedor_id: integer('proveedor_id')
      .notNull()
      .references(() => usuario.id),
    producto_id: integer('producto_id')
      .notNull()
      .references(() => producto.id),
    sku: varchar('sku', { length: 60 }).notNull(),
    tarifa: integer('tarifa').notNull(),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizado_en: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
    archivado_en: timestamp('archivado_en', { withTimezone: true }),
  },
  (t) => [
    unique('proveedor_producto_sku').on(t.proveedor_id, t.sku),
    // What an opcion's foreign key points at: its offer, and that the offer is of its product.
    unique('proveedor_producto_oferta_de_producto').on(t.id, t.producto_id),
    index('proveedor_producto_producto_idx').on(t.producto_id),
    // comparar-precios reads the live offers of 30 products (~1,500 rows spread over the table, as
    // suppliers upload at different times) from this index alone: no heap visit per offer (docs/decisions/006).
    index('proveedor_producto_vivo_idx').on(t.producto_id, t.id, t.proveedor_id, t.tarifa).where(sql`${t.archivado_en} is null`),
  ],
);

/** The supplier's price per unit from a volume tier on. */
export const proveedorProductoRango = pgTable(
  'proveedor_producto_rango',
  {
    proveedor_producto_id: integer('proveedor_producto_id')
      .notNull()
      .references(() => proveedorProducto.id, { onDelete: 'cascade' }),
    rango_precio_id: integer('rango_precio_id')
      .notNull()
      .references(() => rangoPrecio.id),
    precio: integer('precio').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.proveedor_producto_id, t.rango_precio_id] }),
    // The tiers of ~1,500 offers per comparison, read from the index alone (docs/decisions/006).
    index('proveedor_producto_rango_precio_idx').on(t.proveedor_producto_id, t.rango_precio_id, t.precio),
  ],
);

/** A stock lot: quantity on hand that expires on one date. */
export const lote = pgTable(
  'lote',
  {
    id: serial('id').primaryKey(),
    // No action: deleting an offer never sweeps away lots, some of which orders took stock from.
    proveedor_producto_id: integer('proveedor_producto_id')
      .notNull()
      .references(() => proveedorProducto.id),
    cantidad: numeric('cantidad', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    fecha_expiracion: date('fecha_expiracion').notNull(),
  },
  // Stock left never goes below zero, whatever a future writer forgets (orders take it down under row locks).
  (t) => [
    index('lote_proveedor_producto_idx').on(t.proveedor_producto_id),
    // The lots with stock of ~1,500 offers per comparison, in the order the order takes them, from
    // the index alone (docs/decisions/006).
    index('lote_con_stock_idx').on(t.proveedor_producto_id, t.fecha_expiracion, t.id, t.cantidad).where(sql`${t.cantidad} > 0`),
    check('lote_cantidad_no_negativa', sql`${t.cantidad} >= 0`),
  ],
);
