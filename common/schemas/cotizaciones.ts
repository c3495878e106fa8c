import { CANTIDAD_MAXIMA, HORA_CORTE_MISMO_DIA } from '../constants';
import { ahoraEnChile, fechaIsoSchema } from '../fecha';
import { z } from '../zod-es';
import { isUnaLinea, SALTO_DE_LINEA } from '../texto';
import { correoContactoSchema, entregaSchemaOut, nombreContactoSchema, SELECCIONE_COMUNA, SELECCIONE_REGION, telefonoContactoSchema } from './direcciones';
import { idOpcionalSchema, idSchema } from '../numeros';
import { DEMASIADAS_FILAS, entero, erroresFila, esFila, MAX_FILAS_COTIZACION, mensajesFila, SIN_PRODUCTOS } from './cotizaciones-filas';

export * from './cotizaciones-filas';

/**
 * The quotation request (solicitud) and its delivery record (cotizante), docs/producto.md §5 Quotation and
 * Delivery data. Server and client validate with these schemas; the messages live here, once.
 *
 * Errors of a solicitud come back DRF-style as ONE flat list under `productos`, each message
 * starting with 'Fila {n}: ' (n from 1, the row's position in the body), so the client can put
 * it on its row with `filaDeMensaje`:
 *   {"productos": ["Fila 2: La cantidad mínima debe ser de 100 kg.", "Fila 3: …"]}
 * A message about the whole list (none, too many) has no row:
 *   {"productos": ["Debe haber al menos un producto en la cotización."]}
 * Errors of a cotizante are per field: {"telefono_contacto": ["Formato inválido. Ej: …"]}.
 *
 * Ownership: with `Authorization: JWT <access>` the records are the user's. An anonymous record
 * is held by its clave (returned on creation and edit, null for a user's record), sent back in
 * the header CLAVE_COTIZACION_HEADER; without it, or with a wrong one, the record is a 404.
 */

/** Header carrying an anonymous request's clave (lower case: Node's header names are). */
export const CLAVE_COTIZACION_HEADER = 'x-clave-cotizacion';

// The rows are checked by hand (below), so the API documentation is told their shape.
const FILA_DOCUMENTADA = {
  type: 'object',
  properties: { producto: { type: 'integer', description: 'id del producto' }, cantidad: { type: 'integer', minimum: 1, maximum: CANTIDAD_MAXIMA } },
  required: ['producto', 'cantidad'],
} as Record<string, unknown>;

/**
 * The rows of a request body. Rows are checked here rather than by a schema per field so every
 * message carries its row number; the path of each issue still names the row and field
 * (productos.1.cantidad) for a form resolver.
 */
export const productosSchema = z
  .array(z.unknown().meta(FILA_DOCUMENTADA), { error: SIN_PRODUCTOS })
  .min(1, SIN_PRODUCTOS)
  .max(MAX_FILAS_COTIZACION, DEMASIADAS_FILAS)
  .superRefine((filas, ctx) => {
    filas.forEach((fila, i) => {
      if (!esFila(fila)) {
        ctx.addIssue({ code: 'custom', message: mensajesFila.filaInvalida(i + 1), path: [i] });
        return;
      }
      for (const { campo, mensaje } of erroresFila(fila, i + 1, { campos: ['producto', 'cantidad'] })) {
        ctx.addIssue({ code: 'custom', message: mensaje, path: [i, campo] });
      }
    });
  })
  .transform((filas) => (filas as Array<Record<string, unknown>>).map((f) => ({ producto: entero(f.producto)!, cantidad: entero(f.cantidad)! })));

/** Body of POST crear-solicitud/ and PUT editar-solicitud/{id}/. */
export const solicitudSchema = z.object({ productos: productosSchema });
export type SolicitudInput = z.input<typeof solicitudSchema>;
export type SolicitudData = z.output<typeof solicitudSchema>;

export const detalleSolicitudSchema = z.object({
  producto_id: z.number().int(),
  cantidad: z.number(),
  categoria: z.string(),
  origen: z.string(),
  marca: z.string(),
  producto_nombre: z.string(),
  unidad: z.string(),
});
export type DetalleSolicitud = z.infer<typeof detalleSolicitudSchema>;

export const solicitudSchemaOut = z.object({
  id: z.number().int(),
  fecha_creacion: z.string(),
  // docs/producto.md §7 'returns solicitud and detalles': the request under that name too, beside
  // the fields every client already reads. Always sent; optional so that a request a tab kept in
  // session storage before this field existed still reads.
  solicitud: z.object({ id: z.number().int(), fecha_creacion: z.string() }).optional(),
  /** The anonymous holder's key: keep it (session storage) and send it back in CLAVE_COTIZACION_HEADER. Null for a user's record. */
  clave: z.string().nullable(),
  detalles: z.array(detalleSolicitudSchema),
});
export type Solicitud = z.infer<typeof solicitudSchemaOut>;

export const FECHA_PASADA = 'No puedes seleccionar una fecha pasada';
export const MISMO_DIA_DESPUES_DE_MEDIODIA = 'Para envios el mismo día, debe ser antes de medio día.';
export const FECHA_ENTREGA_INVALIDA = 'Ingresa una fecha de entrega válida';
export const DIRECCION_SIN_NUMERO = 'Debe contener el numero de dirección';
/** docs/producto.md §5 Delivery data: not before today, and today only before noon, both in Chile. */
export function errorFechaEntrega(fecha: string, ahora: Date): string | undefined {
  const { hoy, hora } = ahoraEnChile(ahora);
  if (fecha < hoy) return FECHA_PASADA;
  if (fecha === hoy && hora >= HORA_CORTE_MISMO_DIA) return MISMO_DIA_DESPUES_DE_MEDIODIA;
  return undefined;
}

const sinValor = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * Body of POST crear-cotizante/ and PUT editar-cotizante/{id}/ (docs/producto.md §5 Delivery data). Whether
 * the date is past depends on the clock and whether the comuna is of the región on the
 * database: the server checks both in its service; a form adds the first with cotizanteFormSchema.
 */
export const cotizanteSchema = z
  .object({
    fecha_entrega: z.preprocess(sinValor, fechaIsoSchema(FECHA_ENTREGA_INVALIDA).optional()),
    nombre_contacto: nombreContactoSchema,
    correo_contacto: correoContactoSchema,
    telefono_contacto: telefonoContactoSchema,
    direccion_envio: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string()
        .trim()
        .max(255)
        .refine((v) => v === '' || /\d/.test(v), DIRECCION_SIN_NUMERO)
        .refine(isUnaLinea, SALTO_DE_LINEA)
        .default(''),
    ),
    region: idOpcionalSchema(SELECCIONE_REGION),
    comuna: idOpcionalSchema(SELECCIONE_COMUNA),
    solicitud_id: idSchema('Solicitud inválida.'),
  })
  .superRefine((c, ctx) => {
    // docs/producto.md §5: the comuna is chosen after a región.
    if (c.comuna !== undefined && c.region === undefined) ctx.addIssue({ code: 'custom', message: SELECCIONE_REGION, path: ['region'] });
  });
export type CotizanteInput = z.input<typeof cotizanteSchema>;
export type CotizanteData = z.output<typeof cotizanteSchema>;

/** The delivery form's schema: the body's rules plus the date against the browser's clock. */
export const cotizanteFormSchema = (ahora: () => Date = () => new Date()) =>
  cotizanteSchema.superRefine((c, ctx) => {
    const error = c.fecha_entrega === undefined ? undefined : errorFechaEntrega(c.fecha_entrega, ahora());
    if (error) ctx.addIssue({ code: 'custom', message: error, path: ['fecha_entrega'] });
  });

export const cotizanteSchemaOut = entregaSchemaOut.extend({
  cotizante_id: z.number().int(),
  solicitud_id: z.number().int().nullable(),
  /** As the solicitud's: the anonymous holder's key, null for a user's record. */
  clave: z.string().nullable(),
});
export type Cotizante = z.infer<typeof cotizanteSchemaOut>;
