import type { Db } from '#server/db/client';
import { lista, listaProducto } from '#server/db/schema/listas';

let seq = 0;

/**
 * A buyer's list written straight to the database (the lists' endpoints are another module's):
 * its products [id, cantidad] in order, and a reminder set at `actualizadoEn` when given.
 */
export async function createListaDePrueba(
  db: Db,
  usuarioId: number,
  productos: Array<[number, number]>,
  {
    nombre = `Semana ${process.pid}-${seq++}`,
    recordatorio,
    actualizadoEn,
  }: { nombre?: string; recordatorio?: { dia: number; hora: string }; actualizadoEn?: Date } = {},
): Promise<{ id: number; nombre: string }> {
  const [row] = await db
    .insert(lista)
    .values({
      usuario_id: usuarioId,
      nombre,
      recordatorio_dia: recordatorio?.dia ?? null,
      recordatorio_hora: recordatorio?.hora ?? null,
      ...(actualizadoEn ? { creado_en: actualizadoEn, actualizado_en: actualizadoEn, recordatorio_desde: actualizadoEn } : {}),
    })
    .returning({ id: lista.id });
  if (productos.length > 0) {
    await db.insert(listaProducto).values(productos.map(([producto_id, cantidad], posicion) => ({ lista_id: row!.id, producto_id, cantidad, posicion })));
  }
  return { id: row!.id, nombre };
}
