import { CATEGORIAS, FORMATOS, UNIDADES } from '../constants';
import { nameKey } from '../search-es';
import { z } from '../zod-es';
import { isUnaLinea, SALTO_DE_LINEA } from '../texto';
import { NOMBRE_REQUERIDO, textoLargo } from './proveedor-carga';
import { estadoModeracionSchema } from './proveedor-productos';
import { idSchema } from '../numeros';

export const MOTIVO_MAX = 500;
export const MOTIVO_LARGO = `El motivo puede tener como máximo ${MOTIVO_MAX} caracteres.`;
export const ACCION_INVALIDA = 'La acción debe ser "aprobar" o "rechazar".';
export const PRODUCTO_INVALIDO = 'Producto inválido.';
export const PRODUCTO_NO_ENCONTRADO = 'Producto no encontrado.';
/** Only a pending product can be decided: what one already decided says. */
export const YA_MODERADO = { aprobado: 'El producto ya fue aprobado.', rechazado: 'El producto ya fue rechazado.' } as const;

/**
 * Below this a catalogue product is not shown as similar to a pending one (docs/decisions/009,
 * productos parecidos): an extra word on a two-word name is 0,6 ('Lomo vetado premium' / 'Lomo
 * vetado'), two names sharing one word of two or three ~0,3 ('Lomo liso' / 'Lomo vetado').
 */
export const UMBRAL_PARECIDO = 0.4;
/** The most similar catalogue products shown per pending product. */
export const MAX_PARECIDOS = 5;

/** A catalogue product (approved, not archived) whose name is close to a pending one's; similitud 0–1. */
export const productoParecidoSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  categoria: z.string(),
  marca: z.string(),
  similitud: z.number().min(0).max(1),
});
export type ProductoParecido = z.infer<typeof productoParecidoSchema>;

/**
 * docs/producto.md §3 Pending product: what the moderator sees of a product new to the platform,
 * and (ours, docs/decisions/009) all it needs to decide: the product's data, the offer of the
 * supplier who proposed it (its SKU, price, priced tiers and stock; null when that offer is gone),
 * who proposed it (the name buyers see and the account's e-mail, empty if the account is gone), and
 * the closest catalogue products, best first.
 */
export const productoPendienteSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  categoria_nombre: z.string(),
  proveedor_email: z.string(),
  proveedor_nombre: z.string(),
  marca: z.string(),
  origen: z.string(),
  unidad: z.string(),
  formatos: z.array(z.string()),
  sku: z.string().nullable(),
  precio: z.number().int().nullable(),
  rangos: z.record(z.string(), z.number()),
  /** The offer's stock on hand, every lot together, in the product's unit. */
  stock: z.number(),
  creado_en: z.string(),
  similares: z.array(productoParecidoSchema),
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

// docs/producto.md §5 (an exclusive row of the upload): the same messages by hand and by Excel.
export const debeSerUnaDe = (campo: string, valores: readonly string[]) => `${campo} debe ser una de: ${valores.join(', ')}.`;
export const CATEGORIA_INVALIDA = debeSerUnaDe('La categoría', CATEGORIAS);
export const FORMATO_INVALIDO = debeSerUnaDe('El formato', FORMATOS);
export const UNIDAD_INVALIDA = debeSerUnaDe('La unidad', UNIDADES);
export const MARCA_REQUERIDA = 'La marca es obligatoria para un producto nuevo.';
export const ORIGEN_REQUERIDO = 'El origen es obligatorio para un producto nuevo.';
export const SOLO_RECHAZADO = 'Solo puedes corregir un producto rechazado.';

/**
 * A supplier's product already waiting for a moderator under the same name (folded: accents,
 * case, spaces) is not queued twice (docs/decisions/009, no dos veces en revisión).
 */
export const yaEnRevision = (nombre: string, sku: string | null) =>
  sku ? `Ya tienes «${nombre}» en revisión con el SKU ${sku}; no se envía dos veces.` : `Ya tienes «${nombre}» en revisión; no se envía dos veces.`;

/** One of `valores`, written in any case or with accents and extra spaces ('carne  bovina' is 'CARNE BOVINA'). */
const unaDe = <T extends readonly [string, ...string[]]>(valores: T, mensaje: string) =>
  z.preprocess((v) => (typeof v === 'string' ? nameKey(v).toUpperCase() : v), z.enum(valores, { error: mensaje }));

const textoRequerido = (campo: string, max: number, requerido: string) =>
  z.string({ error: requerido }).trim().min(1, requerido).max(max, textoLargo(campo, max)).refine(isUnaLinea, SALTO_DE_LINEA);

/**
 * Body of POST /api/productos/proveedoresproductos/{id}/reenviar/ and the 'Corregir y reenviar'
 * form (docs/decisions/009): a rejected product's data, corrected, with an Excel exclusive row's
 * fields and rules. `formato` empty is none.
 */
export const reenviarProductoSchema = z.object({
  nombre: textoRequerido('El nombre', 200, NOMBRE_REQUERIDO),
  categoria: unaDe(CATEGORIAS, CATEGORIA_INVALIDA),
  origen: textoRequerido('El origen', 100, ORIGEN_REQUERIDO),
  marca: textoRequerido('La marca', 100, MARCA_REQUERIDA),
  unidad: unaDe(UNIDADES, UNIDAD_INVALIDA),
  formato: z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), unaDe(FORMATOS, FORMATO_INVALIDO).optional()),
});
export type ReenviarProductoInput = z.input<typeof reenviarProductoSchema>;
export type ReenviarProductoData = z.output<typeof reenviarProductoSchema>;

/** GET …/reenviar/: what the form starts from, the product as the moderator rejected it and why. */
export const productoAReenviarSchema = z.object({
  nombre: z.string(),
  categoria: z.string(),
  origen: z.string(),
  marca: z.string(),
  unidad: z.string(),
  formato: z.string(),
  motivo_rechazo: z.string().nullable(),
});
export type ProductoAReenviar = z.infer<typeof productoAReenviarSchema>;
