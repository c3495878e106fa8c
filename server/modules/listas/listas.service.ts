import { LISTA_NO_ENCONTRADA, type Lista, type ListaData, listaNombreRepetido, MAX_LISTAS, DEMASIADAS_LISTAS } from '#common/schemas/listas';
import type { Db } from '#server/db/client';
import { AppError, isUniqueViolation, notFound } from '#server/errors';
import { assertFilas } from '#server/modules/cotizaciones/cotizaciones.service';
import {
  countListas,
  deleteLista as deleteListaRow,
  existsNombre,
  findLista,
  findProductoIdsDeLista,
  insertLista,
  type ListaValores,
  lockListasDe,
  replaceLista,
} from './listas.repository';

const nombreRepetido = (nombre: string) => new AppError(400, { nombre: [listaNombreRepetido(nombre)] });

/**
 * The index lista_usuario_nombre refused the write: a name taken between the check and the
 * insert (the account's lock makes that rare, not impossible across a rename). Same 400 as the check.
 */
export const isNombreTomado = (error: unknown) => isUniqueViolation(error, 'lista_usuario_nombre');

const valores = (d: ListaData): ListaValores => ({ nombre: d.nombre, productos: d.productos, recordatorio: d.recordatorio ?? null });

/** A list of its owner; another account's, or none, is a 404. */
export async function getLista(db: Db, usuarioId: number, id: number): Promise<Lista> {
  const encontrada = await findLista(db, usuarioId, id);
  if (!encontrada) throw notFound(LISTA_NO_ENCONTRADA);
  return encontrada;
}

/** docs/producto.md §16: a new list of the buyer; its products follow a quotation's rules, its name is its own among the account's lists. */
export async function createLista(db: Db, usuarioId: number, data: ListaData): Promise<Lista> {
  await assertFilas(db, data.productos);
  try {
    const id = await db.transaction(async (tx) => {
      await lockListasDe(tx, usuarioId);
      if ((await countListas(tx, usuarioId)) >= MAX_LISTAS) throw new AppError(400, { non_field_errors: [DEMASIADAS_LISTAS] });
      if (await existsNombre(tx, usuarioId, data.nombre)) throw nombreRepetido(data.nombre);
      return insertLista(tx, usuarioId, valores(data));
    });
    return getLista(db, usuarioId, id);
  } catch (error) {
    throw isNombreTomado(error) ? nombreRepetido(data.nombre) : error;
  }
}

/**
 * Replaces name, products and reminder. A product the list already holds may stay after it left
 * the catalogue (it is answered with disponible: false); a new one must be quotable.
 */
export async function updateLista(db: Db, usuarioId: number, id: number, data: ListaData): Promise<Lista> {
  await getLista(db, usuarioId, id);
  const actuales = await findProductoIdsDeLista(db, usuarioId, id);
  await assertFilas(db, data.productos, { conservados: new Set(actuales) });
  try {
    await db.transaction(async (tx) => {
      await lockListasDe(tx, usuarioId);
      if (await existsNombre(tx, usuarioId, data.nombre, id)) throw nombreRepetido(data.nombre);
      if (!(await replaceLista(tx, usuarioId, id, valores(data)))) throw notFound(LISTA_NO_ENCONTRADA);
    });
  } catch (error) {
    throw isNombreTomado(error) ? nombreRepetido(data.nombre) : error;
  }
  return getLista(db, usuarioId, id);
}

export async function deleteLista(db: Db, usuarioId: number, id: number): Promise<void> {
  if (!(await deleteListaRow(db, usuarioId, id))) throw notFound(LISTA_NO_ENCONTRADA);
}
