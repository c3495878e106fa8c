import { eq, inArray } from 'drizzle-orm';
import type { CondicionesDespacho } from '#common/despacho';
import type { Db } from '#server/db/client';
import { condicionesProveedor, condicionesProveedorComuna } from '#server/db/schema/proveedor';
import { comuna } from '#server/db/schema/ubicacion';

/** What a supplier's terms row holds: its terms but the comunas, and whether it delivers to all of them. */
type CondicionesValores = Omit<CondicionesDespacho, 'comunas'> & { todas_las_comunas: boolean };

// The comuna table is reference data only a migration changes: read once per database.
const comunasPorDb = new WeakMap<Db, Promise<number[]>>();

/** Every comuna id, ascending. */
export function findTodasLasComunas(db: Db): Promise<number[]> {
  let ids = comunasPorDb.get(db);
  if (!ids) {
    ids = db
      .select({ id: comuna.id })
      .from(comuna)
      .orderBy(comuna.id)
      .then((rows) => rows.map((r) => r.id));
    comunasPorDb.set(db, ids);
    ids.catch(() => comunasPorDb.delete(db));
  }
  return ids;
}

/**
 * The delivery terms of those of these suppliers that saved theirs (a row in
 * condiciones_proveedor); a supplier without one is not in the Map: it has the defaults.
 */
export async function findCondicionesDefinidas(db: Db, proveedorIds: readonly number[]): Promise<Map<number, CondicionesDespacho>> {
  const ids = [...new Set(proveedorIds)];
  const out = new Map<number, CondicionesDespacho>();
  if (ids.length === 0) return out;
  const filas = await db.select().from(condicionesProveedor).where(inArray(condicionesProveedor.proveedor_id, ids));
  if (filas.length === 0) return out;
  const algunas = filas.filter((f) => !f.todas_las_comunas).map((f) => f.proveedor_id);
  const comunasDe = new Map<number, number[]>(algunas.map((id) => [id, []]));
  if (algunas.length > 0) {
    const rows = await db
      .select()
      .from(condicionesProveedorComuna)
      .where(inArray(condicionesProveedorComuna.proveedor_id, algunas))
      .orderBy(condicionesProveedorComuna.proveedor_id, condicionesProveedorComuna.comuna_id);
    for (const r of rows) comunasDe.get(r.proveedor_id)!.push(r.comuna_id);
  }
  const todas = filas.some((f) => f.todas_las_comunas) ? await findTodasLasComunas(db) : [];
  for (const f of filas) {
    out.set(f.proveedor_id, {
      comunas: comunasDe.get(f.proveedor_id) ?? [...todas],
      dias_despacho: [...f.dias_despacho].sort((a, b) => a - b),
      anticipacion_dias: f.anticipacion_dias,
      hora_corte: f.hora_corte,
      monto_minimo: f.monto_minimo,
      costo_despacho: f.costo_despacho,
      despacho_gratis_desde: f.despacho_gratis_desde,
    });
  }
  return out;
}

/**
 * Writes a supplier's whole set of terms. The upsert comes first: it locks the supplier's row
 * until commit, so two saves of one supplier replace its comunas one after the other.
 */
export async function upsertCondiciones(db: Db, proveedorId: number, valores: CondicionesValores, comunas: readonly number[]): Promise<void> {
  const fila = { ...valores, actualizado_en: new Date() };
  await db
    .insert(condicionesProveedor)
    .values({ proveedor_id: proveedorId, ...fila })
    .onConflictDoUpdate({ target: condicionesProveedor.proveedor_id, set: fila });
  await db.delete(condicionesProveedorComuna).where(eq(condicionesProveedorComuna.proveedor_id, proveedorId));
  if (!valores.todas_las_comunas && comunas.length > 0) {
    await db.insert(condicionesProveedorComuna).values(comunas.map((comuna_id) => ({ proveedor_id: proveedorId, comuna_id })));
  }
}
