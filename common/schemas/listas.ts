import { z } from '../zod-es';
import { isUnaLinea } from '../texto';
import { fechaIsoSchema } from '../fecha';
import { compararPreciosSchemaOut } from './comparacion';
import { cotizanteSchemaOut, productosSchema, solicitudSchemaOut } from './cotizaciones';

/**
 * A buyer's lists ('Mis listas', docs/producto.md §16): GET/POST /api/listas/, GET/PUT/DELETE
 * /api/listas/{id}/, POST /api/listas/{id}/cotizar/. The products follow a quotation's rules and
 * messages ('Fila 2: …' under `productos`); the server also checks each product exists and is
 * once, and its category's minimum. Owner only: another account's list is a 404.
 */

export const LISTA_NOMBRE_MAX = 100;
export const NOMBRE_LISTA_REQUERIDO = 'Escribe un nombre para la lista.';
export const NOMBRE_LISTA_LARGO = `El nombre puede tener como máximo ${LISTA_NOMBRE_MAX} caracteres.`;
export const NOMBRE_LISTA_UNA_LINEA = 'El nombre debe ser una sola línea.';
export const LISTA_NO_ENCONTRADA = 'Lista no encontrada.';
/** Lists per account: a buyer's weekly orders, not a catalogue of its own (and a bound on the work of GET). */
export const MAX_LISTAS = 100;
export const DEMASIADAS_LISTAS = `Puedes tener como máximo ${MAX_LISTAS} listas. Elimina una que ya no uses para crear otra.`;
export const listaNombreRepetido = (nombre: string) => `Ya tienes una lista llamada «${nombre}».`;

export const RECORDATORIO_DIA_INVALIDO = 'Elige un día de la semana.';
export const RECORDATORIO_HORA_INVALIDA = 'Escribe la hora como HH:MM, por ejemplo 08:30.';
/** 1 = lunes … 7 = domingo (ISO 8601), as the reminder's day and the screens' select. */
export const DIAS_SEMANA = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;

/** A weekly reminder, Chile time: the server quotes the list then and e-mails the buyer. */
export const recordatorioSchema = z.object({
  dia: z.number({ error: RECORDATORIO_DIA_INVALIDO }).int(RECORDATORIO_DIA_INVALIDO).min(1, RECORDATORIO_DIA_INVALIDO).max(7, RECORDATORIO_DIA_INVALIDO),
  hora: z.string({ error: RECORDATORIO_HORA_INVALIDA }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, RECORDATORIO_HORA_INVALIDA),
});
export type Recordatorio = z.infer<typeof recordatorioSchema>;

/** A list's name: the form that asks it ('Guardar como lista', rename) and the body share this rule. */
export const nombreListaSchema = z
  .string({ error: NOMBRE_LISTA_REQUERIDO })
  .trim()
  .min(1, NOMBRE_LISTA_REQUERIDO)
  .max(LISTA_NOMBRE_MAX, NOMBRE_LISTA_LARGO)
  .refine(isUnaLinea, NOMBRE_LISTA_UNA_LINEA);

/** Body of POST /api/listas/ and PUT /api/listas/{id}/ (PUT replaces the whole list). */
export const listaSchema = z.object({
  nombre: nombreListaSchema,
  productos: productosSchema,
  recordatorio: recordatorioSchema.nullable().optional().default(null),
});
export type ListaInput = z.input<typeof listaSchema>;
export type ListaData = z.output<typeof listaSchema>;

/** A line of a list as answered: the product's names so a screen shows it without the catalogue. */
export const listaProductoSchemaOut = z.object({
  producto: z.number().int(),
  cantidad: z.number(),
  nombre: z.string(),
  categoria: z.string(),
  unidad: z.string(),
  /** False when the product is no longer sold (archived or not approved, as a quotation checks): quoting leaves it out, naming it. */
  disponible: z.boolean(),
});

export const listaSchemaOut = z.object({
  id: z.number().int(),
  nombre: z.string(),
  productos: z.array(listaProductoSchemaOut),
  recordatorio: recordatorioSchema.nullable(),
  creado_en: z.string(),
  actualizado_en: z.string(),
});
export type Lista = z.infer<typeof listaSchemaOut>;
export const listasSchemaOut = z.array(listaSchemaOut);

/** Body of POST /api/listas/{id}/cotizar/: the delivery date, else the first day every needed supplier delivers. */
export const cotizarListaSchema = z.object({ fecha_entrega: fechaIsoSchema().optional() }).default({});

// POST /api/listas/{id}/cotizar/ and the reminders (docs/producto.md §16, docs/decisions/021-recordatorios.md).
export const SIN_DIRECCION_PRINCIPAL = 'Guarda una dirección principal en Mis direcciones para cotizar esta lista.';
export const DIRECCION_PRINCIPAL_INVALIDA = 'Tu dirección principal tiene datos que ya no son válidos: corrígela en Mis direcciones para cotizar esta lista.';
export const LISTA_SIN_PRODUCTOS_A_LA_VENTA = 'Ningún producto de esta lista está a la venta hoy.';
export const COTIZACION_DE_LISTA_NO_ENCONTRADA = 'No encontramos esta cotización de tu lista.';

/**
 * GET /api/listas/{id}/cotizaciones/{cotizacion_id}/: what a reminder prepared, as the quotation
 * flow keeps it in the tab (the request, its delivery record and the comparison's answer), and
 * the order already placed on it, if any.
 */
export const listaCotizadaSchemaOut = z.object({
  solicitud: solicitudSchemaOut,
  cotizante: cotizanteSchemaOut,
  cotizacion: compararPreciosSchemaOut,
  orden_id: z.number().int().nullable(),
});
export type ListaCotizada = z.infer<typeof listaCotizadaSchemaOut>;
