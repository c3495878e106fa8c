import { integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';

// Ids are the official INE/SUBDERE codes as integers (región '13' → 13, comuna '13101' → 13101).
export const region = pgTable('region', {
  id: smallint('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
  nombre_corto: varchar('nombre_corto', { length: 60 }).notNull(),
  abreviatura: varchar('abreviatura', { length: 10 }).notNull(),
  codigo_iso: varchar('codigo_iso', { length: 6 }).notNull(),
  /** North-to-south position, the order Chileans expect in a select. */
  orden: smallint('orden').notNull(),
});

export const provincia = pgTable('provincia', {
  id: smallint('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
  region_id: smallint('region_id')
    .notNull()
    .references(() => region.id),
});

export const comuna = pgTable('comuna', {
  id: integer('id').primaryKey(),
  nombre: varchar('nombre', { length: 100 }).notNull(),
  provincia_id: smallint('provincia_id')
    .notNull()
    .references(() => provincia.id),
  region_id: smallint('region_id')
    .notNull()
    .references(() => region.id),
});
