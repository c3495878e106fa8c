import { EJEMPLO_RUT, formatRut, isRutValido } from '../chile/rut';
import { z } from '../zod-es';
import { montosIvaSchema } from '../iva';
import { isUnaLinea, SALTO_DE_LINEA } from '../texto';
import { idNombreSchema } from './catalogo';
import { entregaSchema, lineaCompraSchema } from './pedidos';
import { DIRECCION_SIN_NUMERO } from './cotizaciones';
import { CORREO_INVALIDO, SELECCIONE_COMUNA, SELECCIONE_REGION, telefonoContactoSchema } from './direcciones';
import { idOpcionalSchema, idSchema } from '../numeros';
import { fechaIsoSchema } from '../fecha';

export const rubrosSchema = z.array(idNombreSchema);
export const metodosPagoSchema = z.array(idNombreSchema);

/** Empty, blank or null is "not given" (docs/producto.md §5 Billing: every field is optional). */
const sinValor = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const textoOpcional = (schema: z.ZodType<string>) => z.preprocess(sinValor, schema.optional());

export const COTIZACION_INVALIDA = 'Cotización inválida.';
export const RUT_INVALIDO = `RUT inválido. Ej: ${EJEMPLO_RUT}`;
export const RAZON_SOCIAL_CON_NUMEROS = 'La razón social no puede contener números';
export const GIRO_CON_NUMEROS = 'El giro comercial no puede contener números';
export const SELECCIONE_RUBRO = 'Selecciona un rubro';
export const SELECCIONE_METODO_PAGO = 'Selecciona un método de pago';

const sinNumeros = (mensaje: string) =>
  z
    .string()
    .trim()
    .max(200)
    .regex(/^[^0-9]*$/, mensaje)
    .refine(isUnaLinea, SALTO_DE_LINEA);

const resumenConfirmadoSchema = z.object({
  total: z.number().int().nonnegative(),
  // One per pedido: bounded like any list a request carries (an order has a few suppliers).
  proveedores: z.array(z.object({ proveedor_id: idSchema('Proveedor inválido.'), fecha_entrega: fechaIsoSchema().nullable() })).max(500),
});
export type ResumenConfirmado = z.infer<typeof resumenConfirmadoSchema>;
/** crear-orden's 409 when the order is no longer the summary the buyer confirmed: /facturacion reads it again. */
export const RESUMEN_CAMBIADO = 'resumen_cambiado';

/**
 * Body of POST /api/facturacion/crear-orden/ (docs/producto.md §3 Order creation payload, §5 Billing). Every
 * billing field is optional (the buyer may answer No to the billing question); a field that is
 * given follows its rule. Whether the región, comuna, rubro and método de pago exist, and the
 * comuna is of the región, is checked on the database by the server.
 */
export const ordenSchema = z
  .object({
    cotizacion_id: idSchema(COTIZACION_INVALIDA),
    // The quotation's own delivery record when absent (the one comparar-precios was run with).
    cotizante_id: idOpcionalSchema('Datos de entrega inválidos.'),
    // Stored as 12.345.678-5 however it was typed (it fits the column's 12 characters).
    rut_facturacion: textoOpcional(z.string().trim().max(20, RUT_INVALIDO).refine(isRutValido, RUT_INVALIDO).transform(formatRut)),
    razon_social: textoOpcional(sinNumeros(RAZON_SOCIAL_CON_NUMEROS)),
    giro_comercial: textoOpcional(sinNumeros(GIRO_CON_NUMEROS)),
    direccion_facturacion: textoOpcional(
      z
        .string()
        .trim()
        .max(255)
        .refine((v) => /\d/.test(v), DIRECCION_SIN_NUMERO)
        .refine(isUnaLinea, SALTO_DE_LINEA),
    ),
    telefono_facturacion: textoOpcional(telefonoContactoSchema),
    email_facturacion: textoOpcional(z.string().trim().max(254).email(CORREO_INVALIDO)),
    region: idOpcionalSchema(SELECCIONE_REGION),
    comuna: idOpcionalSchema(SELECCIONE_COMUNA),
    rubro: idOpcionalSchema(SELECCIONE_RUBRO),
    metodo_pago: idOpcionalSchema(SELECCIONE_METODO_PAGO),
    // What /facturacion showed and the buyer confirmed: crear-orden refuses (409) an
    // order whose total or a supplier's delivery day is no longer that (a cut-off passed meanwhile,
    // a fee changed). Optional: docs/producto.md §3's payload without it buys what the server holds.
    resumen_confirmado: resumenConfirmadoSchema.optional(),
  })
  .superRefine((o, ctx) => {
    // As on the delivery form: a comuna is chosen after its región.
    if (o.comuna !== undefined && o.region === undefined) ctx.addIssue({ code: 'custom', message: SELECCIONE_REGION, path: ['region'] });
  });
export type OrdenInput = z.input<typeof ordenSchema>;
export type OrdenData = z.output<typeof ordenSchema>;

/**
 * The answer of crear-orden: the order and its pedidos, one per supplier. `seguimiento`
 * is the order's tracking token, only in the answer that created it (the server keeps its hash).
 * Each pedido and the order carry their Neto / IVA / Total: a pedido's `total` is its net products
 * and delivery fee, its neto that less any accepted credit; the order's IVA is once on the sum of its
 * standing pedidos' netos, not the sum of their IVA (docs/decisions/026).
 */
export const ordenSchemaOut = z.object({
  orden_id: z.number().int(),
  pedidos: z.array(z.object({ id: z.number().int(), proveedor: z.string(), total: z.number().int(), ...montosIvaSchema.shape })),
  ...montosIvaSchema.shape,
  seguimiento: z.string().optional(),
});
export type OrdenCreada = z.infer<typeof ordenSchemaOut>;

/** A supplier's part of what a quotation will buy, as the order will copy it. */
export const proveedorResumenSchema = z.object({
  proveedor_id: z.number().int(),
  proveedor: z.string(),
  lineas: z.array(lineaCompraSchema),
  subtotal: z.number().int(),
  /** Its delivery fee on that subtotal. */
  costo_despacho: z.number().int(),
  /** The day it delivers, as crear-orden will keep it on its pedido; null when it no longer delivers there or then. */
  fecha_entrega: z.string().nullable(),
});

/**
 * GET /api/facturacion/{cotizacion_id}/resumen/: what placing the order will buy, priced as
 * crear-orden will charge it, so /facturacion shows it before anything is bought.
 */
export const resumenCompraSchema = z.object({
  cotizacion_id: z.number().int(),
  entrega: entregaSchema.nullable(),
  proveedores: z.array(proveedorResumenSchema),
  total_despacho: z.number().int(),
  /** Products and delivery fees, net. */
  total: z.number().int(),
  /** The purchase as one document (common/iva.ts): neto = total, IVA once on it, total_con_iva. */
  ...montosIvaSchema.shape,
});
export type ResumenCompra = z.infer<typeof resumenCompraSchema>;
/** The delivery record the order will copy, as crear-orden's `cotizante_id` names it. */
export const resumenQuerySchema = z.object({ cotizante_id: idOpcionalSchema('Datos de entrega inválidos.') });

/**
 * How long an order placed without an account waits for its contact to confirm it from the
 * e-mail, and how many such orders may wait at once per address and per connection
 * (docs/decisions/007, 'Órdenes sin cuenta').
 */
export const MINUTOS_POR_CONFIRMAR = 30;
export const MAX_POR_CONFIRMAR = 3;

/**
 * crear-orden's 202 to a caller without an account: nothing is bought yet. The order waits for the
 * link e-mailed to `correo` until `vence_en`.
 */
export const ordenPorConfirmarSchema = z.object({
  por_confirmar: z.literal(true),
  correo: z.string(),
  vence_en: z.string(),
});
export type OrdenPorConfirmar = z.infer<typeof ordenPorConfirmarSchema>;

/** The token of /confirmar-orden/{token}: 43 URL-safe characters (server/http/clave.ts); anything else names nothing. */
export const ENLACE_CONFIRMAR_INVALIDO = 'Este enlace para confirmar una orden no es válido. Revisa que esté completo o cotiza de nuevo para comprar.';
export const ENLACE_CONFIRMAR_VENCIDO = `Este enlace venció: una orden sin confirmar se anula a los ${MINUTOS_POR_CONFIRMAR} minutos y no compró nada. Cotiza de nuevo para comprar.`;

/** Body of POST /api/ordenes/confirmar/. */
export const confirmarOrdenSchema = z.object({
  token: z.string({ error: ENLACE_CONFIRMAR_INVALIDO }).regex(/^[A-Za-z0-9_-]{1,100}$/, ENLACE_CONFIRMAR_INVALIDO),
});

/** Its answer: the order, as crear-orden answers it, and the quotation it bought (this browser may hold its billing data). */
export const ordenConfirmadaSchema = ordenSchemaOut.extend({ cotizacion_id: z.number().int() });
export type OrdenConfirmada = z.infer<typeof ordenConfirmadaSchema>;
