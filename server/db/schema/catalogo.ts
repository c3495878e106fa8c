import { index, integer, numeric, pgEnum, pgTable, primaryKey, serial, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { usuario } from './usuario';

export const categoria = pgTable('categoria', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull().unique(),
});

export const origen = pgTable('origen', {
  id: serial('id').primaryKey(),
  descripcion: varchar('descripcion', { length: 100 }).notNull().unique(),
});

export const marca = pgTable('marca', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull().unique(),
});

export const unidad = pgTable('unidad', {
  id: serial('id').primaryKey(),
  descripcion: varchar('descripcion', { length: 20 }).notNull().unique(),
});

export const formato = pgTable('formato', {
  id: serial('id').primaryKey(),
  descripcion: varchar('descripcion', { length: 50 }).notNull().unique(),
});

export const estadoModeracion = pgEnum('estado_moderacion', ['aprobado', 'pendiente', 'rechazado']);

export const producto = pgTable(
  'producto',
  {
    id: serial('id').primaryKey(),
    nombre: varchar('nombre', { length: 200 }).notNull(),
    categoria_id: integer('categoria_id')
      .notNull()
      .references(() => categoria.id),
    origen_id: integer('origen_id')
      .notNull()
      .references(() => origen.id),
    marca_id: integer('marca_id')
      .notNull()
      .references(() => marca.id),
    unidad_id: integer('unidad_id')
      .notNull()
      .references(() => unidad.id),
    estado_moderacion: estadoModeracion('estado_moderacion').notNull().default('pendiente'),
    creado_por: integer('creado_por').references(() => usuario.id, { onDelete: 'set null' }),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    moderado_por: integer('moderado_por').references(() => usuario.id, { onDelete: 'set null' }),
    moderado_en: timestamp('moderado_en', { withTimezone: true }),
    // The moderator's reason for a rejection, shown to the supplier on the rejected row.
    motivo_rechazo: varchar('motivo_rechazo', { length: 500 }),
    // Archived products leave the catalogue and new comparisons; quotations and orders keep them.
    archivado_en: timestamp('archivado_en', { withTimezone: true }),
  },
  (t) => [index('producto_estado_idx').on(t.estado_moderacion), index('producto_categoria_idx').on(t.categoria_id)],
);

export const productoFormato = pgTable(
  'producto_formato',
  {
    producto_id: integer('producto_id')
      .notNull()
      .references(() => producto.id, { onDelete: 'cascade' }),
    formato_id: integer('formato_id')
      .notNull()
      .references(() => formato.id),
  },
  (t) => [primaryKey({ columns: [t.producto_id, t.formato_id] })],
);

/** Volume tiers per category ('Desde 100 kg' from 100 kg on). */
export const rangoPrecio = pgTable(
  'rango_precio',
  {
    id: serial('id').primaryKey(),
    categoria_id: integer('categoria_id')
      .notNull()
      .references(() => categoria.id),
    nombre: varchar('nombre', { length: 50 }).notNull(),
    limite_inferior: numeric('limite_inferior', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [unique('rango_precio_categoria_limite').on(t.categoria_id, t.limite_inferior)],
);
