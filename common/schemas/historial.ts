import { z } from '../zod-es';
import { pagina } from './pedidos';

/**
 * The account's quotation history on the server (docs/producto.md §16, docs/decisions/022): each
 * quotation with the request's lines as the browser's history shows them, paginated as /ordenes.
 */
export const lineaHistorialSchema = z.object({
  producto: z.number().int(),
  categoria: z.string(),
  origen: z.string(),
  marca: z.string(),
  producto_nombre: z.string(),
  unidad: z.string(),
  cantidad: z.number(),
  /** False once the catalogue no longer offers the product: 'Cotizar de nuevo' leaves it out and /cotizar names it. */
  disponible: z.boolean(),
});
export type LineaHistorial = z.infer<typeof lineaHistorialSchema>;

export const cotizacionHistorialSchema = z.object({
  cotizacion_id: z.number().int(),
  fecha: z.string(),
  productos: z.array(lineaHistorialSchema),
  /** The order bought from this quotation, if any. */
  orden_id: z.number().int().nullable(),
});
export type CotizacionHistorial = z.infer<typeof cotizacionHistorialSchema>;

export const historialPageSchema = pagina(cotizacionHistorialSchema);
export type HistorialPage = z.infer<typeof historialPageSchema>;
