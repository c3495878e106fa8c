import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { comuna, region } from './ubicacion';
import { usuario } from './usuario';

/**
 * A user's saved address book (docs/producto.md §4 Addresses). It is not a quotation's delivery record
 * (cotizante): a quotation copies an address, never links to it, so editing or deleting one
 * here changes no quotation or order (docs/decisions/004).
 */
export const direccion = pgTable(
  'direccion',
  {
    id: serial('id').primaryKey(),
    usuario_id: integer('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    nombre_contacto: varchar('nombre_contacto', { length: 150 }).notNull(),
    correo_contacto: varchar('correo_contacto', { length: 254 }).notNull(),
    telefono_contacto: varchar('telefono_contacto', { length: 20 }).notNull(),
    direccion_envio: varchar('direccion_envio', { length: 255 }).notNull(),
    region_id: smallint('region_id').references(() => region.id),
    comuna_id: integer('comuna_id').references(() => comuna.id),
    activa: boolean('activa').notNull().default(false),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  // Exactly one active address per user (docs/producto.md §4 Addresses), enforced by the database.
  (t) => [uniqueIndex('direccion_una_activa').on(t.usuario_id).where(sql`${t.activa}`), index('direccion_usuario_idx').on(t.usuario_id)],
);
