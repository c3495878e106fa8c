import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { sortByEs } from '#common/sort-es';
import type { ConsolidatedData, RangoPrecio } from '#common/schemas/catalogo';
import type { Db } from '#server/db/client';
import { categoria, formato, marca, origen, producto, productoFormato, rangoPrecio, unidad } from '#server/db/schema/catalogo';
import { productoVisible } from '#server/db/visible';

/**
 * A product's names as screens show them, one copy for every query that lists products: select
 * `nombresDeProducto` and pass the query (with `producto` in it, made `$dynamic()`) through
 * `joinNombresDeProducto`, which joins its category, origin, brand and unit.
 */
export const nombresDeProducto = { categoria: categoria.nombre, origen: origen.descripcion, marca: marca.nombre, unidad: unidad.descripcion };

export const joinNombresDeProducto = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(categoria, eq(producto.categoria_id, categoria.id))
    .innerJoin(origen, eq(producto.origen_id, origen.id))
    .innerJoin(marca, eq(producto.marca_id, marca.id))
    .innerJoin(unidad, eq(producto.unidad_id, unidad.id));

/**
 * Categories and approved products that are not archived, as the quotation pickers need them;
 * with `ids`, only those products (those of them that are visible), as the whole list has them.
 */
export async function findConsolidatedData(db: Db, ids?: readonly number[]): Promise<ConsolidatedData> {
  const [categorias, productos, formatos] = await Promise.all([
    db.select({ id: categoria.id, nombre: categoria.nombre }).from(categoria),
    joinNombresDeProducto(
      db
        .select({ id: producto.id, nombre: producto.nombre, categoria_id: producto.categoria_id, ...nombresDeProducto })
        .from(producto)
        .$dynamic(),
    ).where(and(productoVisible, ids && inArray(producto.id, [...ids]))),
    db
      .select({ producto_id: productoFormato.producto_id, id: formato.id, descripcion: formato.descripcion })
      .from(productoFormato)
      .innerJoin(formato, eq(productoFormato.formato_id, formato.id))
      .where(ids && inArray(productoFormato.producto_id, [...ids]))
      .orderBy(asc(formato.descripcion)),
  ]);
  const formatosDe = new Map<number, { id: number; descripcion: string }[]>();
  for (const { producto_id, id, descripcion } of formatos) formatosDe.set(producto_id, [...(formatosDe.get(producto_id) ?? []), { id, descripcion }]);
  return {
    categorias: sortByEs(categorias, (c) => c.nombre),
    productos: sortByEs(productos, (p) => p.nombre).map((p) => ({
      id: p.id,
      nombre: p.nombre,
      categoria: { id: p.categoria_id, nombre: p.categoria },
      origen: { descripcion: p.origen },
      marca: { nombre: p.marca },
      unidad: { descripcion: p.unidad },
      formatos: formatosDe.get(p.id) ?? [],
    })),
  };
}

export async function findRangosPrecios(db: Db): Promise<RangoPrecio[]> {
  return db
    .select({
      id: rangoPrecio.id,
      categoria: rangoPrecio.categoria_id,
      categoria_nombre: categoria.nombre,
      nombre: rangoPrecio.nombre,
      limite_inferior: rangoPrecio.limite_inferior,
    })
    .from(rangoPrecio)
    .innerJoin(categoria, eq(rangoPrecio.categoria_id, categoria.id))
    .orderBy(asc(categoria.nombre), asc(rangoPrecio.limite_inferior));
}
