import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Bare column names for the raw statements' INSERT column lists and SET targets, where PostgreSQL
 * refuses the table prefix `${lote.cantidad}` carries. Taken from the schema objects, so renaming
 * a column fails the typecheck.
 */
export const columnas = (...cols: PgColumn[]): SQL =>
  sql.join(
    cols.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
