import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Lista } from '#common/schemas/listas';
import type { Db } from '#server/db/client';
import { producto } from '#server/db/schema/catalogo';
import { lista, listaProducto } from '#server/db/schema/listas';
import { usuario } from '#server/db/schema/usuario';
import { productoVisible } from '#server/db/visible';
import { joinNombresDeProducto, nombresDeProducto } from '#server/modules/catalogo/catalogo.repository';

/** What a write puts in a list: its name, its products in the buyer's order, its reminder (both or neither). */
export interface ListaValores {
  nombre: string;
  productos: ReadonlyArray<{ producto: number; cantidad: number }>;
  recordatorio: { dia: number; hora: string } | null;
}

const fila = {
  id: lista.id,
  nombre: lista.nombre,
  recordatorio_dia: lista.recordatorio_dia,
  // 'HH:MM', as the reminder is written (the column is a time: '08:00:00').
  recordatorio_hora: sql<string | null>`to_char(${lista.recordatorio_hora}, 'HH24:MI')`,
  creado_en: lista.creado_en,
  actualizado_en: lista.actualizado_en,
};

/** The lists of an account (or the one `id` of it), newest first, each with its products in order. */
async function findListasDe(db: Db, usuarioId: number, id?: number): Promise<Lista[]> {
  const listas = await db
    .select(fila)
    .from(lista)
    .where(and(eq(lista.usuario_id, usuarioId), id === undefined ? undefined : eq(lista.id, id)))
    .orderBy(desc(lista.id));
  if (listas.length === 0) return [];
  const { categoria, unidad } = nombresDeProducto;
  const productos = await joinNombresDeProducto(
    db
      .select({
        lista_id: listaProducto.lista_id,
        producto: listaProducto.producto_id,
        cantidad: listaProducto.cantidad,
        nombre: producto.nombre,
        categoria,
        unidad,
        // docs/producto.md §16: a product that left the catalogue stays on the list, marked, and quoting names it.
        disponible: sql<boolean>`${productoVisible}`,
      })
      .from(listaProducto)
      .innerJoin(producto, eq(listaProducto.producto_id, producto.id))
      .$dynamic(),
  )
    .where(
      inArray(
        listaProducto.lista_id,
        listas.map((l) => l.id),
      ),
    )
    .orderBy(asc(listaProducto.lista_id), asc(listaProducto.posicion));
  const porLista = new Map<number, Lista['productos']>();
  for (const { lista_id, ...p } of productos) {
    const de = porLista.get(lista_id);
    if (de) de.push(p);
    else porLista.set(lista_id, [p]);
  }
  return listas.map((l) => ({
    id: l.id,
    nombre: l.nombre,
    productos: porLista.get(l.id) ?? [],
    recordatorio: l.recordatorio_dia === null || l.recordatorio_hora === null ? null : { dia: l.recordatorio_dia, hora: l.recordatorio_hora },
    creado_en: l.creado_en.toISOString(),
    actualizado_en: l.actualizado_en.toISOString(),
  }));
}

export const findListas = (db: Db, usuarioId: number) => findListasDe(db, usuarioId);

/** One list of its owner; another account's id finds nothing (404, never 403: ids are not confirmed). */
export async function findLista(db: Db, usuarioId: number, id: number): Promise<Lista | undefined> {
  const [row] = await findListasDe(db, usuarioId, id);
  return row;
}

/** The products on a list of its owner (empty for another account's list or none). */
export async function findProductoIdsDeLista(db: Db, usuarioId: number, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: listaProducto.producto_id })
    .from(listaProducto)
    .innerJoin(lista, eq(listaProducto.lista_id, lista.id))
    .where(and(eq(lista.id, id), eq(lista.usuario_id, usuarioId)));
  return rows.map((r) => r.id);
}

export async function countListas(db: Db, usuarioId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(lista).where(eq(lista.usuario_id, usuarioId));
  return row!.n;
}

/** Whether another list of the account (not `exceptoId`) has this name, whatever its case. */
export async function existsNombre(db: Db, usuarioId: number, nombre: string, exceptoId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lista.id })
    .from(lista)
    .where(
      and(
        eq(lista.usuario_id, usuarioId),
        sql`lower(${lista.nombre}) = lower(${nombre})`,
        exceptoId === undefined ? undefined : sql`${lista.id} <> ${exceptoId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Takes the account's row lock until the transaction ends, so two writes to one account's lists
 * (two lists named alike, the 100th and 101st) run one after the other. Call it first.
 */
export async function lockListasDe(db: Db, usuarioId: number): Promise<void> {
  await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, usuarioId)).for('update');
}

const columnasRecordatorio = (v: ListaValores) => ({ recordatorio_dia: v.recordatorio?.dia ?? null, recordatorio_hora: v.recordatorio?.hora ?? null });

async function insertProductos(db: Db, listaId: number, productos: ListaValores['productos']): Promise<void> {
  if (productos.length === 0) return;
  await db.insert(listaProducto).values(productos.map((p, posicion) => ({ lista_id: listaId, producto_id: p.producto, cantidad: p.cantidad, posicion })));
}

export async function insertLista(db: Db, usuarioId: number, v: ListaValores): Promise<number> {
  const [row] = await db
    .insert(lista)
    .values({ usuario_id: usuarioId, nombre: v.nombre, ...columnasRecordatorio(v) })
    .returning({ id: lista.id });
  await insertProductos(db, row!.id, v.productos);
  return row!.id;
}

/** Replaces name, products and reminder of a list of its owner; false when the account has no list with that id. */
export async function replaceLista(db: Db, usuarioId: number, id: number, v: ListaValores): Promise<boolean> {
  const rows = await db
    .update(lista)
    .set({
      nombre: v.nombre,
      ...columnasRecordatorio(v),
      // A reminder counts from when its day or hour changed, not from any edit of the list
      // (docs/decisions/021-recordatorios.md): a quantity edited just after its minute still gets this week's e-mail.
      recordatorio_desde: sql`case when (${lista.recordatorio_dia}, ${lista.recordatorio_hora}) is not distinct from (${columnasRecordatorio(v).recordatorio_dia}::smallint, ${columnasRecordatorio(v).recordatorio_hora}::time) then ${lista.recordatorio_desde} else now() end`,
      actualizado_en: sql`now()`,
    })
    .where(and(eq(lista.id, id), eq(lista.usuario_id, usuarioId)))
    .returning({ id: lista.id });
  if (rows.length === 0) return false;
  await db.delete(listaProducto).where(eq(listaProducto.lista_id, id));
  await insertProductos(db, id, v.productos);
  return true;
}

/** Deletes a list of its owner (its products and reminder jobs go with it); false when not found. */
export async function deleteLista(db: Db, usuarioId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(lista)
    .where(and(eq(lista.id, id), eq(lista.usuario_id, usuarioId)))
    .returning({ id: lista.id });
  return rows.length > 0;
}
