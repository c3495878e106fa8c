import { sql } from 'drizzle-orm';
import { CATEGORIAS, FORMATOS, LIMITES_RANGO_KG, nombreRango, UNIDADES } from '#common/constants';
import { type Db, queryRows } from '../client';
import { categoria, formato, rangoPrecio, unidad } from '../schema/catalogo';
import { metodoPago, rubro } from '../schema/ordenes';
import { comuna, provincia, region } from '../schema/ubicacion';
import { readSeedCsv } from './read-csv';

// Region codes from north to south, the order a Chilean reader scans a list of regions in.
const NORTE_A_SUR = [15, 1, 2, 3, 4, 5, 13, 6, 7, 16, 8, 9, 14, 10, 11, 12];

export const RUBROS = [
  'Restaurante',
  'Hotel',
  'Casino y alimentación colectiva',
  'Cafetería',
  'Panadería y pastelería',
  'Almacén y minimarket',
  'Supermercado',
  'Carnicería',
  'Banquetería',
  'Comida rápida',
  'Distribuidora',
  'Otro',
];

export const METODOS_PAGO = ['Transferencia bancaria', 'Tarjeta de crédito', 'Tarjeta de débito', 'Pago contra entrega', 'Crédito del proveedor (30 días)'];

const EXPECTED = { region: 16, comuna: 346, rubro: RUBROS.length, metodo_pago: METODOS_PAGO.length, rango_precio: CATEGORIAS.length * LIMITES_RANGO_KG.length };

/** Data every installation needs; idempotent, runs on every start but writes only when something is missing. */
export async function seedReference(db: Db): Promise<void> {
  const [counts] = await queryRows<typeof EXPECTED>(
    db,
    sql`SELECT (SELECT count(*) FROM ${region})::int AS region, (SELECT count(*) FROM ${comuna})::int AS comuna, (SELECT count(*) FROM ${rubro})::int AS rubro,
                 (SELECT count(*) FROM ${metodoPago})::int AS metodo_pago, (SELECT count(*) FROM ${rangoPrecio})::int AS rango_precio`,
  );
  if (Object.entries(EXPECTED).every(([table, n]) => counts?.[table as keyof typeof EXPECTED] === n)) return;
  await db.transaction(async (tx) => {
    const regiones = readSeedCsv('regions.csv').map((r) => {
      const id = Number(r.id);
      return { id, nombre: r.name!, nombre_corto: r.short_name!, abreviatura: r.abbreviation!, codigo_iso: r.iso_code!, orden: NORTE_A_SUR.indexOf(id) + 1 };
    });
    await tx.insert(region).values(regiones).onConflictDoNothing();

    const provincias = readSeedCsv('provinces.csv').map((p) => ({ id: Number(p.id), nombre: p.name!, region_id: Number(p.region_id) }));
    await tx.insert(provincia).values(provincias).onConflictDoNothing();
    const regionDeProvincia = new Map(provincias.map((p) => [p.id, p.region_id]));

    const comunas = readSeedCsv('communes.csv').map((c) => ({
      id: Number(c.id),
      nombre: c.name!,
      provincia_id: Number(c.province_id),
      region_id: regionDeProvincia.get(Number(c.province_id))!,
    }));
    await tx.insert(comuna).values(comunas).onConflictDoNothing();

    await tx
      .insert(rubro)
      .values(RUBROS.map((nombre) => ({ nombre })))
      .onConflictDoNothing();
    await tx
      .insert(metodoPago)
      .values(METODOS_PAGO.map((nombre) => ({ nombre })))
      .onConflictDoNothing();
    await tx
      .insert(unidad)
      .values(UNIDADES.map((descripcion) => ({ descripcion })))
      .onConflictDoNothing();
    await tx
      .insert(formato)
      .values(FORMATOS.map((descripcion) => ({ descripcion })))
      .onConflictDoNothing();

    const categorias = await tx
      .insert(categoria)
      .values(CATEGORIAS.map((nombre) => ({ nombre })))
      .onConflictDoUpdate({ target: categoria.nombre, set: { nombre: categoria.nombre } })
      .returning();
    await tx
      .insert(rangoPrecio)
      .values(categorias.flatMap((c) => LIMITES_RANGO_KG.map((limite) => ({ categoria_id: c.id, nombre: nombreRango(limite), limite_inferior: limite }))))
      .onConflictDoNothing();
  });
}
