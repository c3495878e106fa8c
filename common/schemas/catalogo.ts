import { BUSQUEDA_CORTA, BUSQUEDA_LARGA, MAX_BUSQUEDA, MIN_BUSQUEDA } from '../buscar-productos';
import { z } from '../zod-es';

export const idNombreSchema = z.object({ id: z.number().int(), nombre: z.string() });
export type IdNombre = z.infer<typeof idNombreSchema>;

export const productoCatalogoSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  categoria: z.object({ id: z.number().int(), nombre: z.string() }),
  origen: z.object({ descripcion: z.string() }),
  marca: z.object({ nombre: z.string() }),
  unidad: z.object({ descripcion: z.string() }),
  formatos: z.array(z.object({ id: z.number().int(), descripcion: z.string() })),
});
export type ProductoCatalogo = z.infer<typeof productoCatalogoSchema>;

export const consolidatedDataSchema = z.object({
  categorias: z.array(idNombreSchema),
  productos: z.array(productoCatalogoSchema),
});
export type ConsolidatedData = z.infer<typeof consolidatedDataSchema>;

export const rangoPrecioSchema = z.object({
  id: z.number().int(),
  categoria: z.number().int(),
  categoria_nombre: z.string(),
  nombre: z.string(),
  limite_inferior: z.number(),
});
export type RangoPrecio = z.infer<typeof rangoPrecioSchema>;

/** What the product search reads: 2 to 100 characters once trimmed (docs/producto.md §16). */
export const buscarProductosQuerySchema = z.object({
  q: z.string().trim().min(MIN_BUSQUEDA, BUSQUEDA_CORTA).max(MAX_BUSQUEDA, BUSQUEDA_LARGA),
});

/** One product a search finds: its category and unit as the buyer reads them. */
export const productoEncontradoSchema = z.object({ id: z.number().int(), nombre: z.string(), categoria: z.string(), unidad: z.string() });
export type ProductoEncontrado = z.infer<typeof productoEncontradoSchema>;
