import {
  char,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { producto } from './catalogo';
import { proveedorProducto } from './proveedor';
import { comuna, region } from './ubicacion';
import { usuario } from './usuario';

/**
 * SHA-256 (hex) of the clave that holds an anonymous record (docs/decisions/005): the key itself
 * is never stored, so a copy of the database cannot edit anyone's request. Null once a user owns it.
 */
const claveHash = () => char('clave_hash', { length: 64 });

export const solicitud = pgTable(
  'solicitud',
  {
    id: serial('id').primaryKey(),
    usuario_id: integer('usuario_id').references(() => usuario.id, { onDelete: 'set null' }),
    clave_hash: claveHash(),
    fecha_creacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('solicitud_usuario_idx').on(t.usuario_id)],
);

export const solicitudDetalle = pgTable(
  'solicitud_detalle',
  {
    id: serial('id').primaryKey(),
    solicitud_id: integer('solicitud_id')
      .notNull()
      .references(() => solicitud.id, { onDelete: 'cascade' }),
    producto_id: integer('producto_id')
      .notNull()
      .references(() => producto.id),
    cantidad: numeric('cantidad', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  },
  // docs/producto.md §5: a product at most once per request (the service says which; this holds under races).
  (t) => [unique('solicitud_detalle_producto').on(t.solicitud_id, t.producto_id)],
);

/**
 * The delivery record of one quotation (the product's cotizante: contact, address, región/comuna, date).
 * Filled from the form or copied from a saved address (direccion), never linked to one.
 */
export const cotizante = pgTable(
  'cotizante',
  {
    id: serial('id').primaryKey(),
    // Who quoted, when known; deleting the account keeps the quotation's delivery data.
    usuario_id: integer('usuario_id').references(() => usuario.id, { onDelete: 'set null' }),
    clave_hash: claveHash(),
    nombre_contacto: varchar('nombre_contacto', { length: 150 }).notNull(),
    correo_contacto: varchar('correo_contacto', { length: 254 }).notNull(),
    telefono_contacto: varchar('telefono_contacto', { length: 20 }).notNull(),
    direccion_envio: varchar('direccion_envio', { length: 255 }).notNull().default(''),
    region_id: smallint('region_id').references(() => region.id),
    comuna_id: integer('comuna_id').references(() => comuna.id),
    fecha_entrega: date('fecha_entrega'),
    solicitud_id: integer('solicitud_id').references(() => solicitud.id, { onDelete: 'set null' }),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cotizante_usuario_idx').on(t.usuario_id), index('cotizante_solicitud_idx').on(t.solicitud_id)],
);

export const cotizacion = pgTable(
  'cotizacion',
  {
    id: serial('id').primaryKey(),
    solicitud_id: integer('solicitud_id')
      .notNull()
      .references(() => solicitud.id),
    cotizante_id: integer('cotizante_id').references(() => cotizante.id, { onDelete: 'set null' }),
    usuario_id: integer('usuario_id').references(() => usuario.id, { onDelete: 'set null' }),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizado_en: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
    // Set when its buyer deletes it from the history: it stays for its order and options, unlisted.
    oculta_en: timestamp('oculta_en', { withTimezone: true }),
  },
  // The account's quotation history, newest first, on any device (docs/producto.md §16).
  (t) => [index('cotizacion_usuario_idx').on(t.usuario_id, t.id)],
);

export const estadoOpcion = pgEnum('estado_opcion', ['seleccionado', 'adicional']);

export const opcion = pgTable(
  'opcion',
  {
    id: serial('id').primaryKey(),
    cotizacion_id: integer('cotizacion_id')
      .notNull()
      .references(() => cotizacion.id, { onDelete: 'cascade' }),
    producto_id: integer('producto_id').notNull(),
    proveedor_producto_id: integer('proveedor_producto_id').notNull(),
    cantidad_solicitada: numeric('cantidad_solicitada', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    cantidad_proveida: numeric('cantidad_proveida', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    precio: integer('precio').notNull(),
    estado: estadoOpcion('estado').notNull(),
  },
  (t) => [
    index('opcion_cotizacion_idx').on(t.cotizacion_id),
    // One key for both: the offer exists and is of the option's product (the product exists through
    // the offer's own key). Two keys checked each row apart, and could not tell a mismatch; a
    // comparison inserts ~60 options, and the check of the second key was ~15 % of that statement.
    // No action: an offer a quotation priced is archived, never deleted (DESIGN §2).
    foreignKey({
      name: 'opcion_oferta_de_producto_fk',
      columns: [t.proveedor_producto_id, t.producto_id],
      foreignColumns: [proveedorProducto.id, proveedorProducto.producto_id],
    }),
  ],
);

/**
 * Each line of a comparison, with the suppliers it weighed there, chosen or not, each at its
 * lowest unit price for the quantity asked (`precios[k]` is `proveedores[k]`'s): what the
 * supplier's panel counts as quotations lost on price (docs/decisions/025). The options store only
 * what was selected; this remembers who else was in the running. One row per line with arrays, not
 * one per supplier: a comparison of 30 lines and 49 suppliers writes 30 rows, not 1,470 (which
 * tripled the comparison's write). No foreign key, for the same reason: quotations are never
 * deleted (the history hides them). The line's outcome lives on the line too: `elegidos`, the
 * suppliers of its selected options ('{}' when none), and `precio_elegido`, their quantity-weighted
 * unit price (null when none), written by the comparison and rewritten by each change of choice
 * (replaceSeleccion), so the panel reads this table alone and never the window's options
 * (docs/decisions/025, Lo medido).
 */
export const lineaComparada = pgTable(
  'linea_comparada',
  {
    cotizacion_id: integer('cotizacion_id').notNull(),
    producto_id: integer('producto_id').notNull(),
    proveedores: integer('proveedores').array().notNull(),
    precios: integer('precios').array().notNull(),
    elegidos: integer('elegidos').array().notNull().default(sql`'{}'`),
    precio_elegido: doublePrecision('precio_elegido'),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cotizacion_id, t.producto_id] }),
    // The panel finds one supplier's lines by containment (GIN) within the last 30 days (btree).
    index('linea_comparada_proveedores_idx').using('gin', t.proveedores),
    index('linea_comparada_creado_idx').on(t.creado_en),
  ],
);
