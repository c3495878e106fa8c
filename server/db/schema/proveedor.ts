import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { producto, rangoPrecio } from './catalogo';
import { comuna } from './ubicacion';
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

/**
 * A supplier's delivery terms (docs/decisions/013). A supplier without a row has the
 * defaults of common/despacho.ts (all comunas, lunes–sábado, 1 day, 18:00, no minimum, no fee).
 * `todas_las_comunas`: it delivers everywhere and has no rows in condiciones_proveedor_comuna.
 */
export const condicionesProveedor = pgTable(
  'condiciones_proveedor',
  {
    proveedor_id: integer('proveedor_id')
      .primaryKey()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    todas_las_comunas: boolean('todas_las_comunas').notNull().default(true),
    /** ISO weekdays, 1 = lunes … 7 = domingo, ascending. */
    dias_despacho: smallint('dias_despacho').array().notNull(),
    anticipacion_dias: smallint('anticipacion_dias').notNull(),
    /** 'HH:MM', America/Santiago. */
    hora_corte: varchar('hora_corte', { length: 5 }).notNull(),
    monto_minimo: integer('monto_minimo').notNull(),
    costo_despacho: integer('costo_despacho').notNull(),
    despacho_gratis_desde: integer('despacho_gratis_desde'),
    actualizado_en: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('condiciones_proveedor_anticipacion', sql`${t.anticipacion_dias} between 0 and 14`),
    check('condiciones_proveedor_hora_corte', sql`${t.hora_corte} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('condiciones_proveedor_dias', sql`cardinality(${t.dias_despacho}) between 1 and 7 and ${t.dias_despacho} <@ '{1,2,3,4,5,6,7}'::smallint[]`),
    check('condiciones_proveedor_montos', sql`${t.monto_minimo} >= 0 and ${t.costo_despacho} >= 0 and coalesce(${t.despacho_gratis_desde}, 0) >= 0`),
  ],
);

/** The comunas a supplier delivers to, when not all of them (condiciones_proveedor.todas_las_comunas false). */
export const condicionesProveedorComuna = pgTable(
  'condiciones_proveedor_comuna',
  {
    proveedor_id: integer('proveedor_id')
      .notNull()
      .references(() => condicionesProveedor.proveedor_id, { onDelete: 'cascade' }),
    comuna_id: integer('comuna_id')
      .notNull()
      .references(() => comuna.id),
  },
  (t) => [primaryKey({ columns: [t.proveedor_id, t.comuna_id] })],
);

/**
 * A supplier's company (docs/decisions/024): what buyers see (`nombre_fantasia`) and what its
 * purchase orders print. A row means the supplier saved it; until then buyers see the account's
 * name. Its offers enter comparisons only once this row and its condiciones_proveedor exist.
 */
export const empresaProveedor = pgTable(
  'empresa_proveedor',
  {
    proveedor_id: integer('proveedor_id')
      .primaryKey()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    razon_social: varchar('razon_social', { length: 150 }).notNull(),
    nombre_fantasia: varchar('nombre_fantasia', { length: 150 }).notNull(),
    /** Normalised, '76.086.428-5' (common/chile/rut.ts formatRut). */
    rut: varchar('rut', { length: 12 }).notNull(),
    giro: varchar('giro', { length: 150 }).notNull(),
    direccion: varchar('direccion', { length: 255 }).notNull(),
    comuna_id: integer('comuna_id')
      .notNull()
      .references(() => comuna.id),
    telefono: varchar('telefono', { length: 20 }).notNull(),
    correo_ventas: varchar('correo_ventas', { length: 254 }).notNull(),
    actualizado_en: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('empresa_proveedor_rut', sql`${t.rut} ~ '^[1-9][0-9]{0,2}(\\.[0-9]{3}){0,2}-[0-9K]$'`)],
);
