import { and, eq, inArray, isNull } from 'drizzle-orm';
import { countListas } from '#server/modules/listas/listas.repository';
import { createLista } from '#server/modules/listas/listas.service';
import type { Db } from '../client';
import { producto } from '../schema/catalogo';
import { usuario } from '../schema/usuario';
import { DEMO_CUENTAS } from './demo-catalogo';

/**
 * The demo buyer's weekly list (docs/producto.md §16), a restaurant's usual order: products of
 * the demo catalogue by name, in kg, each at or above its category's minimum (100 kg, the lowest
 * tier; the lists' service checks it).
 */
export const DEMO_LISTA = {
  nombre: 'Semana',
  productos: [
    ['Lomo vetado', 120],
    ['Pechuga deshuesada de pollo', 150],
    ['Papas prefritas corte bastón', 200],
    ['Arroz grado 1 grano largo', 100],
    ['Queso mozzarella barra', 100],
  ] as const,
};

/**
 * Gives the demo buyer the list 'Semana' when it has no list, through the lists' own service, so a
 * visitor trying the demo finds it on the home page and /listas. Databases seeded before this
 * existed get it on their next start; a buyer who keeps any list of its own is left as it is, and a
 * product a moderator took out of the catalogue since is left out of it.
 */
export async function seedDemoLista(db: Db): Promise<void> {
  const [comprador] = await db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, DEMO_CUENTAS.comprador.email));
  if (!comprador || (await countListas(db, comprador.id)) > 0) return;
  const nombres = DEMO_LISTA.productos.map(([nombre]) => nombre);
  const ids = new Map(
    (
      await db
        .select({ id: producto.id, nombre: producto.nombre })
        .from(producto)
        .where(and(inArray(producto.nombre, nombres), eq(producto.estado_moderacion, 'aprobado'), isNull(producto.archivado_en)))
    ).map((p) => [p.nombre, p.id]),
  );
  const productos = DEMO_LISTA.productos.flatMap(([nombre, cantidad]) => {
    const id = ids.get(nombre);
    return id === undefined ? [] : [{ producto: id, cantidad }];
  });
  if (productos.length === 0) return;
  await createLista(db, comprador.id, { nombre: DEMO_LISTA.nombre, productos, recordatorio: null });
}
