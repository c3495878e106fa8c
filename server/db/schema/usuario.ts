import { type SQL, sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const usuario = pgTable(
  'usuario',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    // A new e-mail asked for on the profile; it becomes `email` once its link is confirmed.
    email_pendiente: varchar('email_pendiente', { length: 254 }),
    password: text('password').notNull(),
    first_name: varchar('first_name', { length: 150 }).notNull(),
    last_name: varchar('last_name', { length: 150 }).notNull(),
    // A supplier's company name (razón social), never mixed into the person's last name.
    empresa: varchar('empresa', { length: 150 }).notNull().default(''),
    telefono: varchar('telefono', { length: 20 }).notNull().default(''),
    fecha_nacimiento: date('fecha_nacimiento'),
    is_active: boolean('is_active').notNull().default(false),
    is_comprador: boolean('is_comprador').notNull().default(true),
    is_proveedor: boolean('is_proveedor').notNull().default(false),
    is_moderador: boolean('is_moderador').notNull().default(false),
    correo_contacto: varchar('correo_contacto', { length: 254 }).notNull().default(''),
    direccion_envio: varchar('direccion_envio', { length: 255 }).notNull().default(''),
    ofrece_credito: boolean('ofrece_credito').notNull().default(false),
    last_login: timestamp('last_login', { withTimezone: true }),
    password_changed_at: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    // Every JWT carries it (claim `ver`); a password change increments it, so every token issued
    // before, even within the same second, stops working (docs/decisions/003).
    token_version: integer('token_version').notNull().default(0),
    date_joined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
  },
  // E-mail identity is case-insensitive (docs/decisions/003).
  (t) => [uniqueIndex('usuario_email_lower_unique').on(sql`lower(${t.email})`)],
);

/**
 * A supplier's name as buyers see it, in SQL: the nombre de fantasía of its saved company
 * (docs/decisions/024), else the company name its account had, else the person (trimmed, never
 * empty-with-space). The one copy: the comparison's offers and the pedidos an order creates read it.
 * empresa_proveedor is named, not imported: its schema file imports this one.
 */
export const proveedorNombre = (): SQL<string> =>
  sql<string>`coalesce((select e.nombre_fantasia from empresa_proveedor e where e.proveedor_id = ${usuario.id}), nullif(trim(${usuario.empresa}), ''), trim(${usuario.first_name} || ' ' || ${usuario.last_name}))`;

export const propositoToken = pgEnum('proposito_token', ['activacion', 'reset', 'cambio_correo']);

/**
 * What a signup asked for, carried by its activation token (docs/decisions/003): the
 * password becomes the account's only when the link is opened with the browser secret whose hash
 * is here (`clave_hash`), so a password chosen by someone else before activation never opens it.
 */
export interface DatosRegistro {
  /** argon2id hash of the password typed at that signup. */
  password: string;
  first_name: string;
  last_name: string;
  rol: 'comprador' | 'proveedor';
  /** SHA-256 (hex) of the signup's clave_activacion, kept by the browser that signed up. */
  clave_hash: string;
}

/** Single-use activation, reset and e-mail change tokens; only a hash is stored. */
export const tokenCuenta = pgTable(
  'token_cuenta',
  {
    id: serial('id').primaryKey(),
    usuario_id: integer('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    proposito: propositoToken('proposito').notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expira_en: timestamp('expira_en', { withTimezone: true }).notNull(),
    usado_en: timestamp('usado_en', { withTimezone: true }),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    // A signup's activation token only: the data that signup asked for (null for resend_activation's).
    datos: jsonb('datos').$type<DatosRegistro>(),
  },
  (t) => [uniqueIndex('token_cuenta_hash_unique').on(t.token_hash)],
);

export const accionIntento = pgEnum('accion_intento', ['login', 'activacion', 'reset', 'registro']);

/**
 * Throttled attempts, kept in the database so limits hold across N processes: failed logins
 * (accion 'login'), requests for an activation or reset e-mail (counted per IP) and signups not
 * yet confirmed by their mailbox ('registro', per IP and per address).
 */
export const intentoLogin = pgTable(
  'intento_login',
  {
    id: serial('id').primaryKey(),
    accion: accionIntento('accion').notNull().default('login'),
    email: varchar('email', { length: 254 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('intento_login_email_idx').on(t.email, t.creado_en), index('intento_login_ip_idx').on(t.ip, t.creado_en)],
);

/** Outgoing e-mail: written in the request's transaction, delivered and retried apart from it. */
export const correoSaliente = pgTable('correo_saliente', {
  id: serial('id').primaryKey(),
  para: varchar('para', { length: 254 }).notNull(),
  asunto: text('asunto').notNull(),
  texto: text('texto').notNull(),
  html: text('html').notNull(),
  intentos: integer('intentos').notNull().default(0),
  // A claim is a lease: while it lasts no other process takes the message, so N processes send it
  // once; if the claimer dies before marking it sent, the lease runs out and another retries it.
  reclamado_hasta: timestamp('reclamado_hasta', { withTimezone: true }),
  ultimo_error: text('ultimo_error'),
  enviado_en: timestamp('enviado_en', { withTimezone: true }),
  creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The per-client request limit of @fastify/rate-limit, shared by every process on one PostgreSQL
 *: one row per key and window. UNLOGGED in the migration (a crash may reset the
 * counts; that is all they are worth), so counting costs no WAL.
 */
export const limiteSolicitud = pgTable('limite_solicitud', {
  clave: varchar('clave', { length: 200 }).primaryKey(),
  ventana_inicio: timestamp('ventana_inicio', { withTimezone: true }).notNull(),
  n: integer('n').notNull(),
});
