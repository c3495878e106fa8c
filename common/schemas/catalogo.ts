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
