import { DIRECCION_MIN_LENGTH, TELEFONO_MIN_LENGTH } from '../constants';
import { EJEMPLOS_TELEFONO, isTelefonoChileno, normalizarTelefono } from '../chile/telefono';
import { z } from '../zod-es';
import { isUnaLinea, SALTO_DE_LINEA } from '../texto';
import { idRequeridoSchema } from '../numeros';

const OBLIGATORIO = 'Este campo es obligatorio';
export const CORREO_INVALIDO = 'Correo electrónico inválido. Ej: nombre@empresa.cl';
export const SELECCIONE_REGION = 'Seleccione una región';
export const SELECCIONE_COMUNA = 'Seleccione una comuna';
export const COMUNA_DE_OTRA_REGION = 'La comuna no pertenece a la región seleccionada.';

/** A Chilean phone (docs/decisions/017), stored in E.164. */
export const telefonoContactoSchema = z
  .string()
  .trim()
  .min(1, OBLIGATORIO)
  .min(TELEFONO_MIN_LENGTH, `Debe tener al menos ${TELEFONO_MIN_LENGTH} dígitos`)
  .max(20, `Formato inválido. Ej: ${EJEMPLOS_TELEFONO}`)
  .refine(isTelefonoChileno, `Formato inválido. Ej: ${EJEMPLOS_TELEFONO}`)
  .transform(normalizarTelefono);

/** docs/producto.md §5: the contact's name and e-mail, as the address forms and a quotation's delivery data ask them. */
export const nombreContactoSchema = z
  .string()
  .trim()
  .min(1, OBLIGATORIO)
  .max(150)
  .regex(/^[^0-9]*$/, 'El nombre no puede contener números')
  .refine(isUnaLinea, SALTO_DE_LINEA);
export const correoContactoSchema = z.string().trim().min(1, OBLIGATORIO).max(254).email(CORREO_INVALIDO);

/** docs/producto.md §5 Address add and edit, shared by the forms and the address endpoints. */
export const direccionSchema = z.object({
  nombre_contacto: nombreContactoSchema,
  correo_contacto: correoContactoSchema,
  telefono_contacto: telefonoContactoSchema,
  direccion_envio: z
    .string()
    .trim()
    .min(1, OBLIGATORIO)
    .min(DIRECCION_MIN_LENGTH, 'La dirección debe ser más específica')
    .max(255)
    .refine(isUnaLinea, SALTO_DE_LINEA),
  region: idRequeridoSchema(SELECCIONE_REGION),
  comuna: idRequeridoSchema(SELECCIONE_COMUNA),
});
export type DireccionInput = z.input<typeof direccionSchema>;

/** Contact, place and date as the API answers them: a saved address and a quotation's delivery record alike. */
export const entregaSchemaOut = z.object({
  nombre_contacto: z.string(),
  correo_contacto: z.string(),
  telefono_contacto: z.string(),
  direccion_envio: z.string(),
  region: z.number().int().nullable(),
  comuna: z.number().int().nullable(),
  region_nombre: z.string().nullable(),
  comuna_nombre: z.string().nullable(),
  fecha_entrega: z.string().nullable(),
});

export const direccionSchemaOut = entregaSchemaOut.extend({
  id: z.number().int(),
  cotizante_id: z.number().int(),
  activa: z.boolean(),
});
export type Direccion = z.infer<typeof direccionSchemaOut>;
