import { limiteDeRango, PRECIO_MAX_DIGITOS } from '../constants';
import { formatClp } from '../format';
import { FECHA_INVALIDA, isFechaIso } from '../fecha';
import { z } from '../zod-es';
import { idOpcionalSchema, leerPesos, PESOS_MAXIMO, pesosComoTexto } from '../numeros';

// docs/producto.md §5 Supplier product edit, word for word.
export const COMPLETA_CAMPOS = 'Por favor, completa todos los campos antes de guardar.';
// PRECIO_MAX_DIGITOS (docs/producto.md §9) is 10.
export const PRECIO_DIGITOS = 'El precio no puede exceder los 10 dígitos.';
export const PRECIO_INVALIDO = 'El precio debe ser un número válido mayor a 0.';
export const rangoInvalido = (rango: string) => `El valor del rango "${rango}" debe ser un número mayor o igual a 0.`;
// Ours: money is whole CLP in an integer column (DESIGN §2), lots are numeric(12,2).
export const PRECIO_SIN_DECIMALES = 'El precio debe ser un monto en pesos, sin decimales.';
export const PRECIO_DEMASIADO_ALTO = `El precio no puede superar ${formatClp(PESOS_MAXIMO)}.`;
export const rangoSinDecimales = (rango: string) => `El valor del rango "${rango}" debe ser un monto en pesos, sin decimales.`;
export const rangoDesconocido = (rango: string) => `El rango "${rango}" no existe para la categoría de este producto.`;
/** A volume tier is a discount: its price is never above the price of less volume (docs/decisions/008, rangos que bajan con el volumen). */
export const rangoSobreAnterior = (rango: string, precio: number, anterior: string, precioAnterior: number) =>
  `El precio del rango "${rango}" (${formatClp(precio)}) no puede ser mayor que el del rango "${anterior}" (${formatClp(precioAnterior)}).`;
export const rangoSobrePrecio = (rango: string, precio: number, tarifa: number) =>
  `El precio del rango "${rango}" (${formatClp(precio)}) no puede ser mayor que el precio (${formatClp(tarifa)}).`;
export const CANTIDAD_INVALIDA = 'La cantidad debe ser un número mayor o igual a 0.';
export const CANTIDAD_DECIMALES = 'La cantidad puede tener como máximo 2 decimales.';
export const CANTIDAD_DEMASIADO_ALTA = 'La cantidad no puede superar 9.999.999.999 kg.';
export const FECHA_VENCIMIENTO_FUTURA = 'La fecha de vencimiento debe ser futura.';

/**
 * The one price rule of every write (the Excel confirmation stored $0 and rounded 1,5 to
 * 2 where the offer edit refused both): whole pesos above 0 that fit the column. The 10-character
 * limit of docs/producto.md §5 is the form's, on what is typed.
 */
export function errorPrecio(n: number): string | undefined {
  if (!Number.isFinite(n) || n <= 0) return PRECIO_INVALIDO;
  if (!Number.isInteger(n)) return PRECIO_SIN_DECIMALES;
  if (n > PESOS_MAXIMO) return PRECIO_DEMASIADO_ALTO;
  return undefined;
}

/** A tier's price: as the price, but 0 is allowed (docs/producto.md §5: 'mayor o igual a 0'). */
export function errorPrecioRango(rango: string, n: number): string | undefined {
  if (!Number.isFinite(n) || n < 0) return rangoInvalido(rango);
  if (!Number.isInteger(n)) return rangoSinDecimales(rango);
  if (n > PESOS_MAXIMO) return PRECIO_DEMASIADO_ALTO;
  return undefined;
}

/**
 * Tier prices fall (or stay) as the volume grows, from the price on: a tier above the price, or
 * above a lower tier that is priced, is refused, naming both (docs/decisions/008, rangos que bajan con el volumen).
 * A tier priced 0 or not priced charges the price of the tier below it, so it is skipped. `tiers`
 * in any order, each with the name a person reads (in the product's unit); one message per tier.
 */
export function erroresRangosCrecientes(tarifa: number | null, tiers: ReadonlyArray<{ limite: number; nombre: string; precio: number | null | undefined }>) {
  const errores: Array<{ nombre: string; mensaje: string }> = [];
  // A price that breaks its own rule has its own message; tiers are then compared among themselves.
  let anterior: { nombre: string | null; precio: number } | null =
    tarifa !== null && errorPrecio(tarifa) === undefined ? { nombre: null, precio: tarifa } : null;
  for (const t of [...tiers].sort((a, b) => a.limite - b.limite)) {
    if (t.precio === null || t.precio === undefined || !Number.isFinite(t.precio) || t.precio <= 0) continue;
    if (anterior && t.precio > anterior.precio) {
      errores.push({
        nombre: t.nombre,
        mensaje:
          anterior.nombre === null
            ? rangoSobrePrecio(t.nombre, t.precio, anterior.precio)
            : rangoSobreAnterior(t.nombre, t.precio, anterior.nombre, anterior.precio),
      });
      continue;
    }
    anterior = { nombre: t.nombre, precio: t.precio };
  }
  return errores;
}
export const STOCK_CAMBIO = (queda: string) =>
  `El stock de este lote cambió mientras lo editabas: una orden tomó parte de él y ahora quedan ${queda}. Revisa la cantidad y guarda de nuevo.`;

const CANTIDAD_MAXIMA_LOTE = 9_999_999_999.99;

/** What a form field or a JSON value holds, as text: numbers and strings alike (the form sends strings, other clients numbers). */
export const comoTexto = (v: unknown) => (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'NaN') : typeof v === 'string' ? v.trim() : v);
/** A lot's quantity (kg or boxes, not money): a decimal written with a point or a Chilean comma; NaN when it is not one. */
export const leerCantidad = (s: string) => (/^-?\d+([.,]\d+)?$/.test(s) ? Number(s.replace(',', '.')) : Number.NaN);
const vacio = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The digits of a typed amount: docs/producto.md §5's limit counts them, not the thousands points ('4.990.000' has 7). */
const digitosDe = (s: string) => s.replace(/^\$\s*/, '').replace(/\./g, '').length;

/**
 * docs/producto.md §5: price required, at most 10 digits, a number above 0; ours: whole pesos that fit the
 * column, typed the Chilean way ('4.990' is $4.990, common/numeros leerPesos).
 */
const tarifaSchema = z.preprocess(
  pesosComoTexto,
  z
    .string({ error: COMPLETA_CAMPOS })
    .min(1, COMPLETA_CAMPOS)
    .max(30, PRECIO_DIGITOS)
    .refine((s) => digitosDe(s) <= PRECIO_MAX_DIGITOS, PRECIO_DIGITOS)
    .transform(leerPesos)
    .superRefine((n, ctx) => {
      const error = errorPrecio(n);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
);

/** A lot's stock on hand: optional (a price-only edit), else ≥ 0 with two decimals at most. */
const cantidadSchema = z.preprocess(
  (v) => (vacio(v) ? undefined : comoTexto(v)),
  z
    .string({ error: CANTIDAD_INVALIDA })
    .max(20, CANTIDAD_DEMASIADO_ALTA)
    .refine((s) => leerCantidad(s) >= 0, CANTIDAD_INVALIDA)
    .refine((s) => !/[.,]\d{3,}$/.test(s), CANTIDAD_DECIMALES)
    .transform(leerCantidad)
    .refine((n) => n <= CANTIDAD_MAXIMA_LOTE, CANTIDAD_DEMASIADO_ALTA)
    .optional(),
);

/**
 * Tier prices by tier label ('Desde 100 kg': 4500, or '4.500' typed). docs/producto.md §5: each non-empty value a number ≥ 0;
 * an empty one removes that tier's price (the offer then charges its tarifa from there on).
 */
const rangosSchema = z
  .record(z.string().trim().min(1).max(50), z.union([z.string().max(20), z.number(), z.null()]))
  .refine((r) => Object.keys(r).length <= 20, 'Demasiados rangos.')
  .transform((rangos, ctx) => {
    const out: Record<string, number | null> = {};
    for (const [rango, valor] of Object.entries(rangos)) {
      if (vacio(valor)) {
        out[rango] = null;
        continue;
      }
      const n = leerPesos(pesosComoTexto(valor) as string);
      const error = errorPrecioRango(rango, n);
      if (error) ctx.addIssue({ code: 'custom', message: error, path: [rango] });
      else out[rango] = n;
    }
    return out;
  });

const idOpcional = idOpcionalSchema('Lote inválido.');

/**
 * Body of PATCH /api/productos/proveedoresproductos/{id}/ (docs/producto.md §7) and the inline edit form
 * (docs/producto.md §5 Supplier product edit): the offer's price and tier prices, and one lot's quantity and
 * expiry. `stock_id` names the lot (absent: the row 'Sin stock', and a quantity creates a lot).
 * `cantidad_anterior` (ours, optional) is the quantity the form showed: when an order took stock
 * from the lot meanwhile, the edit is refused instead of giving back what was sold (docs/decisions/009).
 */
export const proveedorProductoEditSchema = z
  .object({
    tarifa: tarifaSchema,
    fecha_expiracion: z.preprocess(comoTexto, z.string({ error: COMPLETA_CAMPOS }).min(1, COMPLETA_CAMPOS).refine(isFechaIso, FECHA_INVALIDA)),
    cantidad: cantidadSchema,
    cantidad_anterior: cantidadSchema,
    stock_id: idOpcional,
    rangos: rangosSchema.optional(),
  })
  .superRefine((d, ctx) => {
    // What the body sends; the server checks again with the tiers it keeps (a body may send some only).
    const tiers = Object.entries(d.rangos ?? {}).map(([nombre, precio]) => ({ limite: limiteDeRango(nombre) ?? 0, nombre, precio }));
    for (const e of erroresRangosCrecientes(d.tarifa, tiers)) ctx.addIssue({ code: 'custom', message: e.mensaje, path: ['rangos', e.nombre] });
  });
export type ProveedorProductoEditInput = z.input<typeof proveedorProductoEditSchema>;
export type ProveedorProductoEditData = z.output<typeof proveedorProductoEditSchema>;

export const estadoModeracionSchema = z.enum(['aprobado', 'pendiente', 'rechazado']);
export type EstadoModeracion = z.infer<typeof estadoModeracionSchema>;

export const loteSchema = z.object({ id: z.number().int(), cantidad: z.number(), fecha_expiracion: z.string() });
export type Lote = z.infer<typeof loteSchema>;

/** docs/producto.md §3 Provider product: one offer of the supplier, its priced tiers by label and its lots with stock. */
export const proveedorProductoSchema = z.object({
  id: z.number().int(),
  /** The catalogue product offered: 'Agregar producto' does not offer one the supplier already has. */
  producto_id: z.number().int(),
  sku: z.string(),
  producto_nombre: z.string(),
  /** The product's unit ('KILO' or 'CAJA', docs/producto.md §9): what a lot's quantity counts. */
  unidad: z.string(),
  tarifa: z.number().int(),
  rangos: z.record(z.string(), z.number()),
  estado_moderacion: estadoModeracionSchema,
  /** The moderator's reason, on a rejected product. */
  motivo_rechazo: z.string().nullable(),
  stock: z.array(loteSchema),
});
export type ProveedorProducto = z.infer<typeof proveedorProductoSchema>;
export const proveedorProductosSchema = z.array(proveedorProductoSchema);
