import { CANTIDAD_MAXIMA } from '../constants';
import { formatCantidad, formatClp, formatDiaLargo } from '../format';
import { montosIvaSchema } from '../iva';
import { z } from '../zod-es';
import { productosSchema, SIN_PRODUCTOS } from './cotizaciones';
import { decimal, idSchema, isCantidadCentesimal } from '../numeros';
import type { UltimoPrecio } from '../ultima-vez';

/**
 * POST /api/cotizaciones/comparar-precios/ (docs/producto.md §3 Comparison result item and Option, §4
 * Quotation flow 3). The rows follow the request's rules and messages ('Fila {n}: …', under
 * `productos`); ownership of the solicitud is that of the request (token or clave header).
 *
 * The answer has one item per requested product the catalogue knows, in the order sent:
 * - opciones_seleccionadas: the cheapest way to buy the quantity (docs/decisions/006);
 * - opciones_adicionales: every other live offer, priced for what it could supply (not stored);
 * - mensaje: why the line is short ('Stock insuficiente: faltan 20 kg') or has no offer, else null;
 * - productos_inexistentes: [its name] when no offer can deliver it (the not-found modal lists
 *   the names of every item), else [];
 * - sugerencia: the next-tier nudge ('Agrega 20 kg y pagas $4.990/kg'), else null.
 * Ids the catalogue does not know, or no longer offers, come in productos_no_identificados with
 * the message the unidentified-products modal shows.
 */

const SOLICITUD_INVALIDA = 'Solicitud inválida.';

/** The most suppliers a buyer may cap a comparison at ('Menos proveedores', docs/decisions/014): more is no cap worth asking for. */
export const MAX_PROVEEDORES_TOPE = 10;
export const TOPE_INVALIDO = `El máximo de proveedores debe ser un número entero entre 1 y ${MAX_PROVEEDORES_TOPE}.`;

export const compararPreciosSchema = z.object({
  productos: productosSchema,
  solicitudId: idSchema(SOLICITUD_INVALIDA),
  /**
   * At most this many suppliers in the basket ('Menos proveedores', docs/decisions/014): the exact
   * cheapest delivered basket under that cap. Absent or null: no cap.
   */
  max_proveedores: z.number({ error: TOPE_INVALIDO }).int(TOPE_INVALIDO).min(1, TOPE_INVALIDO).max(MAX_PROVEEDORES_TOPE, TOPE_INVALIDO).nullish(),
});
export type CompararPreciosInput = z.input<typeof compararPreciosSchema>;
export type CompararPreciosData = z.output<typeof compararPreciosSchema>;

export const ESTADOS_OPCION = ['seleccionado', 'adicional'] as const;
export type EstadoOpcion = (typeof ESTADOS_OPCION)[number];

export const opcionSchema = z.object({
  /**
   * Unique in the answer (the screens key and find options by it). A selected option is a stored
   * opcion row and this is its id; an additional one is not stored (docs/decisions/006) and carries
   * −proveedor_producto_id. PUT actualizar takes proveedor_producto_id, never this.
   */
  opcion_id: z.number().int(),
  proveedor_producto_id: z.number().int(),
  /** Who sells it: its terms are in the answer's condiciones_proveedores. */
  proveedor_id: z.number().int(),
  /** The product's name. */
  producto: z.string(),
  marca: z.string(),
  categoria: z.string(),
  origen: z.string(),
  unidad: z.string(),
  /** The supplier as buyers know it (company name, else the person's name). */
  proveedor: z.string(),
  cantidad_solicitada: z.number(),
  cantidad_proveida: z.number(),
  /** Unit price in whole CLP for cantidad_proveida at this offer (its volume tier). */
  precio: z.number().int(),
  subtotal: z.number().int(),
  stock_disponible: z.number(),
  /** YYYY-MM-DD: expiry of the first lot the order would take (first-expired-first-out). */
  fecha_vencimiento: z.string(),
  estado: z.enum(ESTADOS_OPCION),
});
export type Opcion = z.infer<typeof opcionSchema>;

export const sugerenciaSchema = z.object({
  proveedor_producto_id: z.number().int(),
  cantidad_adicional: z.number(),
  cantidad_total: z.number(),
  precio: z.number().int(),
  total: z.number().int(),
  mensaje: z.string(),
});

/** What the caller's account last paid for the product (common/ultima-vez.ts, docs/producto.md §16). */
export const ultimoPrecioSchema = z.object({
  /** Unit price in whole CLP. */
  precio: z.number().int(),
  /** YYYY-MM-DD: the Chile day the order was placed. */
  fecha: z.string(),
  /** The supplier as the order line named it. */
  proveedor: z.string(),
}) satisfies z.ZodType<UltimoPrecio>;

export const resultadoComparacionSchema = z.object({
  producto: z.number().int(),
  nombre: z.string(),
  unidad: z.string(),
  cantidad_solicitada: z.number(),
  opciones_seleccionadas: z.array(opcionSchema),
  opciones_adicionales: z.array(opcionSchema),
  mensaje: z.string().nullable(),
  productos_inexistentes: z.array(z.string()),
  sugerencia: sugerenciaSchema.nullable(),
  /** Why offers of this product did not count under their suppliers' delivery terms ('Carnes del Sur no despacha a Puerto Montt'). */
  avisos: z.array(z.string()),
  /**
   * For a logged-in caller, the price its account paid for this product last time, from its newest
   * order not rejected nor annulled; null for an anonymous caller and a product never bought.
   * Defaults to null so an answer kept in a tab from before this field still reads.
   */
  ultimo_precio: ultimoPrecioSchema.nullable().default(null),
});
export type ResultadoComparacion = z.infer<typeof resultadoComparacionSchema>;

export const productoNoIdentificadoSchema = z.object({ producto: z.number().int(), mensaje: z.string() });

/** A supplier's delivery terms as the comparison applied them, for the screen to recompute fees as the buyer changes the choice. */
export const condicionesProveedorSchema = z.object({
  proveedor_id: z.number().int(),
  proveedor: z.string(),
  monto_minimo: z.number().int(),
  costo_despacho: z.number().int(),
  despacho_gratis_desde: z.number().int().nullable(),
  /** YYYY-MM-DD: the day this supplier delivers this quotation (the requested one, else its first possible day). */
  fecha_entrega: z.string(),
});
export type CondicionesProveedor = z.infer<typeof condicionesProveedorSchema>;

/** A supplier of the selection: its part of the basket and what its delivery costs. */
export const proveedorSeleccionSchema = condicionesProveedorSchema.extend({ subtotal: z.number().int() });

export const MOTIVOS_EXCLUSION = ['comuna', 'dia', 'minimo'] as const;
export type MotivoExclusion = (typeof MOTIVOS_EXCLUSION)[number];
/** How many suppliers with offers of the requested products were left out, and why ('3 proveedores no despachan a tu comuna'). */
export const exclusionSchema = z.object({ motivo: z.enum(MOTIVOS_EXCLUSION), cantidad: z.number().int(), mensaje: z.string() });

/** 'Agrega $12.000 en productos de X y el despacho es gratis': shown only when it lowers the landed total. */
export const sugerenciaDespachoSchema = z.object({
  proveedor_id: z.number().int(),
  proveedor: z.string(),
  monto_faltante: z.number().int(),
  mensaje: z.string(),
});

/**
 * What a cap on suppliers did ('Menos proveedores', docs/decisions/014): the cap asked, the suppliers
 * of the basket with it and without it, the landed total without it and what the cap adds to it;
 * mensaje ('+$18.400 por recibir 2 camiones en vez de 4'), null when the cap changes nothing.
 */
export const topeSchema = z.object({
  max_proveedores: z.number().int(),
  proveedores: z.number().int(),
  proveedores_sin_tope: z.number().int(),
  total_sin_tope: z.number().int(),
  /** total − total_sin_tope: ≥ 0 at the same coverage; below 0 only when the capped basket covers less. */
  diferencia: z.number().int(),
  mensaje: z.string().nullable(),
});
export type Tope = z.infer<typeof topeSchema>;

export const compararPreciosSchemaOut = z.object({
  cotizacion_id: z.number().int(),
  /** The delivery date the offers were checked against (YYYY-MM-DD): lots expiring by then never count. */
  fecha_entrega: z.string(),
  resultados: z.array(resultadoComparacionSchema),
  productos_no_identificados: z.array(productoNoIdentificadoSchema),
  /** True when the selection is proven the cheapest delivered basket; false when the solver's budget ran out (docs/decisions/014). */
  optimo: z.boolean(),
  /**
   * How much cheaper a basket could be, at most, in pesos: 0 when optimo; when not, the distance from
   * the least bound the solver proved; null when it proved none (docs/decisions/014). Defaults to
   * null so an answer kept in a tab from before this field still reads.
   */
  diferencia_maxima: z.number().int().nullable().default(null),
  /** The suppliers of the selection, by name. */
  proveedores: z.array(proveedorSeleccionSchema),
  total_productos: z.number().int(),
  total_despacho: z.number().int(),
  /** total_productos + total_despacho: the landed total, net (prices and fees are net, docs/decisions/026). */
  total: z.number().int(),
  /** The landed total as a document (common/iva.ts): neto = total, IVA once on it, total_con_iva. */
  ...montosIvaSchema.shape,
  /** The terms of every supplier with an option in the answer, selected or additional. */
  condiciones_proveedores: z.array(condicionesProveedorSchema),
  proveedores_excluidos: z.array(exclusionSchema),
  sugerencias_despacho: z.array(sugerenciaDespachoSchema),
  /**
   * null without max_proveedores; else what the cap did (optimo, diferencia_maxima and the totals are
   * then the capped basket's). Defaults to null so an answer kept in a tab from before this field still reads.
   */
  tope: topeSchema.nullable().default(null),
});
export type CompararPrecios = z.infer<typeof compararPreciosSchemaOut>;

export const mensajesComparacion = {
  /** DESIGN §3.5: why a line is short, on the server's answer and on the screen as the buyer changes it. */
  faltante: (faltante: number, unidad: string) => `Stock insuficiente: faltan ${formatCantidad(faltante, unidad)}`,
  noIdentificado: (id: number) => `No encontramos el producto ${id} en el catálogo.`,
  noDisponible: (nombre: string) => `El producto "${nombre}" ya no está disponible para cotizar.`,
  sinOfertas: (nombre: string) => `No hay ofertas de "${nombre}" con stock para la fecha de entrega.`,
  excluidosComuna: (n: number) => (n === 1 ? '1 proveedor no despacha a tu comuna' : `${n} proveedores no despachan a tu comuna`),
  excluidosDia: (n: number, fecha: string) =>
    n === 1 ? `1 proveedor no despacha el ${formatDiaLargo(fecha)}` : `${n} proveedores no despachan el ${formatDiaLargo(fecha)}`,
  excluidosMinimo: (n: number) => (n === 1 ? '1 proveedor no alcanza su pedido mínimo' : `${n} proveedores no alcanzan su pedido mínimo`),
  /** Under a selection not proven the cheapest (optimo: false), with how much cheaper another could be when the solver knows. */
  noOptima: (diferencia: number | null) =>
    `Esta es la mejor combinación encontrada en el tiempo disponible; puede existir una ${diferencia === null ? 'algo' : `hasta ${formatClp(diferencia)}`} más barata.`,
  /** Why the small part of a product split between suppliers went to one of them (the review found such rows read as a shortfall). */
  repartoMinimo: (cantidad: number, unidad: string, producto: string, proveedor: string, minimo: number) =>
    `${formatCantidad(cantidad, unidad)} de ${producto} ${cantidad === 1 ? 'va' : 'van'} con ${proveedor} para alcanzar su pedido mínimo de ${formatClp(minimo)}.`,
  repartoGratis: (cantidad: number, unidad: string, producto: string, proveedor: string, gratis: number) =>
    `${formatCantidad(cantidad, unidad)} de ${producto} ${cantidad === 1 ? 'va' : 'van'} con ${proveedor} para que su despacho sea gratis (desde ${formatClp(gratis)}).`,
  /**
   * Under each alternative, one line each: the landed total with it (and how much of the line it
   * covers when its stock falls short: a lower total is then no saving), and a supplier it would
   * leave under its minimum. A word joiner keeps the sign with its amount on a phone.
   */
  efectoCambio: (total: number, diferencia: number, cubre: string | null, bajoMinimo: readonly string[], aprox = false) => [
    `Total con despacho${aprox ? ' aprox.' : ''}: ${formatClp(total)} (${diferencia === 0 ? 'igual' : `${diferencia > 0 ? '+' : '−'}\u2060${formatClp(Math.abs(diferencia))}`})${cubre ? `, cubriendo ${cubre}` : ''}`,
    ...bajoMinimo,
  ],
  /**
   * What a cap on suppliers costs ('+$18.400 por recibir 2 camiones en vez de 4': one truck per
   * supplier); when the capped basket covers less than the uncapped one, a second sentence says so
   * (its total may then be lower: the sign follows the difference). docs/decisions/014, 'Menos proveedores'.
   */
  tope: (diferencia: number, proveedores: number, sinTope: number, cubreMenos: boolean) =>
    `${diferencia < 0 ? '−' : '+'}${formatClp(Math.abs(diferencia))} por recibir ${proveedores} ${proveedores === 1 ? 'camión' : 'camiones'} en vez de ${sinTope}${
      cubreMenos
        ? `. Con ${proveedores === 1 ? '1 proveedor' : `${proveedores} proveedores`} no alcanza para todo lo que pediste: revisa los productos con faltante.`
        : ''
    }`,
  /** The results' choice of cap: 'Máximo 1 proveedor', 'Máximo N proveedores'. */
  opcionTope: (n: number) => (n === 1 ? 'Máximo 1 proveedor' : `Máximo ${n} proveedores`),
  despachoGratis: (monto: number, proveedor: string) => `Agrega ${formatClp(monto)} en productos de ${proveedor} y el despacho es gratis`,
  /** Before Comprar on the screen, and actualizar's 400: a supplier of the choice under its minimum. */
  bajoMinimo: (proveedor: string, falta: number, minimo: number) =>
    `A ${proveedor} le faltan ${formatClp(falta)} para su pedido mínimo de ${formatClp(minimo)}.`,
};

export const OFERTA_INVALIDA = 'Oferta inválida.';
/** A choice whose landed total an order could not hold (its columns are integers, up to $2.147.483.647). */
export const TOTAL_EXCESIVO = 'El total de esta compra supera el máximo de una orden ($2.147.483.647). Divídela en varias órdenes.';
export const CANTIDAD_ELEGIDA_INVALIDA = `La cantidad debe ser un número mayor a 0, de hasta ${CANTIDAD_MAXIMA} y con 2 decimales como máximo.`;
/** Lines of one choice: more would not be a wholesale order form (and bounds the work). */
export const MAX_LINEAS_SELECCION = 600;

/**
 * Body of PUT /api/cotizaciones/{id}/actualizar/ (docs/producto.md §7): the buyer's final choice, one item
 * per offer bought. `precio` is what the screen showed; the server prices every item again and
 * never reads it (a client can send anything there).
 */
export const actualizarCotizacionSchema = z.object({
  productos: z
    .array(
      z.object({
        proveedor_producto_id: idSchema(OFERTA_INVALIDA),
        // Quantities are kg or boxes with at most two decimals (a lot's stock may have cents); the
        // category's minimum is checked per product by the service, which knows the catalogue.
        cantidad: z.preprocess(
          decimal,
          z
            .number({ error: CANTIDAD_ELEGIDA_INVALIDA })
            .positive(CANTIDAD_ELEGIDA_INVALIDA)
            .max(CANTIDAD_MAXIMA, CANTIDAD_ELEGIDA_INVALIDA)
            .refine(isCantidadCentesimal, CANTIDAD_ELEGIDA_INVALIDA),
        ),
        precio: z.unknown().optional().describe('Ignorado: el servidor calcula el precio.'),
      }),
      { error: SIN_PRODUCTOS },
    )
    .min(1, SIN_PRODUCTOS)
    .max(MAX_LINEAS_SELECCION, `La cotización puede tener como máximo ${MAX_LINEAS_SELECCION} productos.`),
});
export type ActualizarCotizacionData = z.output<typeof actualizarCotizacionSchema>;

export const actualizarCotizacionSchemaOut = z.object({ id: z.number().int() });
