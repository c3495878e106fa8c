import { z } from '../zod-es';
import { isUnaLinea, SALTO_DE_LINEA } from '../texto';
import { estadoModeracionSchema } from './proveedor-productos';
import { idSchema } from '../numeros';

export const MOTIVO_MAX = 500;
export const MOTIVO_LARGO = `El motivo puede tener como máximo ${MOTIVO_MAX} caracteres.`;
export const ACCION_INVALIDA = 'La acción debe ser "aprobar" o "rechazar".';
export const PRODUCTO_INVALIDO = 'Producto inválido.';
export const PRODUCTO_NO_ENCONTRADO = 'Producto no encontrado.';
/** Only a pending product can be decided: what one already decided says. */
export const YA_MODERADO = { aprobado: 'El producto ya fue aprobado.', rechazado: 'El producto ya fue rechazado.' } as const;

/** docs/producto.md §3 Pending product: what the moderator sees of a product new to the platform. */
export const productoPendienteSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  categoria_nombre: z.string(),
  proveedor_email: z.string(),
});
export type ProductoPendiente = z.infer<typeof productoPendienteSchema>;
export const productosPendientesSchema = z.array(productoPendienteSchema);

export const accionModeracionSchema = z.enum(['aprobar', 'rechazar'], { error: ACCION_INVALIDA });
export type AccionModeracion = z.infer<typeof accionModeracionSchema>;

/**
 * Body of POST /api/productos/moderar-producto/ (docs/producto.md §7), one per staged product. `motivo`
 * (the moderator's note) is read only with 'rechazar': the supplier sees it on the
 * rejected row. Empty is no reason.
 */
export const moderarProductoSchema = z.object({
  producto_id: idSchema(PRODUCTO_INVALIDO),
  accion: accionModeracionSchema,
  motivo: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string().trim().max(MOTIVO_MAX, MOTIVO_LARGO).refine(isUnaLinea, SALTO_DE_LINEA).optional(),
  ),
});
export type ModerarProductoInput = z.input<typeof moderarProductoSchema>;
export type ModerarProductoData = z.output<typeof moderarProductoSchema>;

/** The product's state after the decision (the same answer when the decision is sent twice). */
export const moderacionSchemaOut = z.object({
  producto_id: z.number().int(),
  estado_moderacion: estadoModeracionSchema,
  motivo_rechazo: z.string().nullable(),
  moderado_en: z.string().nullable(),
});
export type Moderacion = z.infer<typeof moderacionSchemaOut>;
