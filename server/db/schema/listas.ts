import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, time, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { producto } from './catalogo';
import { cotizacion } from './cotizaciones';
import { usuario } from './usuario';

/**
 * A buyer's named list of products and quantities ('Mis listas', docs/producto.md §16): what it
 * buys every week, quoted again in one click. A list may carry a weekly reminder (Chile time):
 * `recordatorio_dia` 1 (lunes) … 7 (domingo) and `recordatorio_hora`, both set or both null.
 */
export const lista = pgTable(
  'lista',
  {
    id: serial('id').primaryKey(),
    usuario_id: integer('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    nombre: varchar('nombre', { length: 100 }).notNull(),
    recordatorio_dia: smallint('recordatorio_dia'),
    recordatorio_hora: time('recordatorio_hora'),
    // When the reminder's day or hour was last set: an occurrence before it is not sent
    // (docs/decisions/021-recordatorios.md). Editing the list's products or name leaves it.
    recordatorio_desde: timestamp('recordatorio_desde', { withTimezone: true }).notNull().defaultNow(),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizado_en: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Two lists of one account never share a name, whatever its case: 'Semana' and 'semana' would read as one.
    uniqueIndex('lista_usuario_nombre').on(t.usuario_id, sql`lower(${t.nombre})`),
    index('lista_usuario_idx').on(t.usuario_id, t.id),
    // The reminders' clock scans only the lists that have one.
    index('lista_recordatorio_idx').on(t.recordatorio_dia).where(sql`${t.recordatorio_dia} is not null`),
    check('lista_recordatorio_completo', sql`(${t.recordatorio_dia} is null) = (${t.recordatorio_hora} is null)`),
    check('lista_recordatorio_dia', sql`${t.recordatorio_dia} between 1 and 7`),
  ],
);

/** A list's products in the order the buyer keeps them, each once, with the quantity it buys. */
export const listaProducto = pgTable(
  'lista_producto',
  {
    lista_id: integer('lista_id')
      .notNull()
      .references(() => lista.id, { onDelete: 'cascade' }),
    producto_id: integer('producto_id')
      .notNull()
      .references(() => producto.id),
    cantidad: numeric('cantidad', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    posicion: smallint('posicion').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lista_id, t.producto_id] })],
);

/**
 * One occurrence of a list's reminder (its list and the instant it was due): the row is the job.
 * Each process's clock inserts the occurrences that fell due (the primary key lets one through),
 * then claims a pending one with a lease, quotes the list and, in one transaction, queues the
 * e-mail and marks it done: the buyer hears once per occurrence however many processes run, and
 * a process that dies mid-way leaves the lease to run out for another (docs/decisions/021-recordatorios.md).
 */
export const recordatorioEnvio = pgTable(
  'recordatorio_envio',
  {
    lista_id: integer('lista_id')
      .notNull()
      .references(() => lista.id, { onDelete: 'cascade' }),
    ocurrencia: timestamp('ocurrencia', { withTimezone: true }).notNull(),
    intentos: integer('intentos').notNull().default(0),
    reclamado_hasta: timestamp('reclamado_hasta', { withTimezone: true }),
    ultimo_error: text('ultimo_error'),
    cotizacion_id: integer('cotizacion_id').references(() => cotizacion.id, { onDelete: 'set null' }),
    // The quotation's delivered total for the e-mail, and the comparison's answer as it was sent,
    // which the e-mail's link opens (its additional options are stored nowhere else).
    total: integer('total'),
    respuesta: text('respuesta'),
    hecho_en: timestamp('hecho_en', { withTimezone: true }),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lista_id, t.ocurrencia] }), index('recordatorio_envio_pendiente_idx').on(t.ocurrencia).where(sql`${t.hecho_en} is null`)],
);
