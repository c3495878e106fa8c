import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import { usuario } from '../schema/usuario';
import { DEMO_PROVEEDORES } from './demo-catalogo';

/**
 * The demo suppliers (id, e-mail) without a row in `tabla`, keyed by its `proveedorId` column: what
 * a later start still has to give them, so a database seeded before that table existed is completed
 * and what a supplier saved since stays (its terms, its company).
 */
export async function findDemoProveedoresSin(db: Db, tabla: PgTable, proveedorId: PgColumn): Promise<Array<{ id: number; email: string }>> {
  return db
    .select({ id: usuario.id, email: usuario.email })
    .from(usuario)
    .leftJoin(tabla, eq(proveedorId, usuario.id))
    .where(
      and(
        inArray(
          usuario.email,
          DEMO_PROVEEDORES.map((p) => p.email),
        ),
        isNull(proveedorId),
      ),
    );
}
