import { EJEMPLO_RUT, formatRut, isRutValido } from '../chile/rut';
import { DIRECCION_MIN_LENGTH } from '../constants';
import { isUnaLinea, SALTO_DE_LINEA } from '../texto';
import { z } from '../zod-es';
import { correoContactoSchema, SELECCIONE_COMUNA, SELECCIONE_REGION, telefonoContactoSchema } from './direcciones';
import { idRequeridoSchema } from '../numeros';

// A supplier's company (docs/decisions/024): the messages of its form, one per field.
export const RAZON_SOCIAL_REQUERIDA = 'Ingresa la razón social de tu empresa.';
export const NOMBRE_FANTASIA_REQUERIDO = 'Ingresa el nombre de fantasía: es el que ven los compradores.';
export const RUT_EMPRESA_INVALIDO = `RUT inválido: revisa el dígito verificador. Ej: ${EJEMPLO_RUT}`;
export const GIRO_REQUERIDO = 'Ingresa el giro de tu empresa.';
export const DIRECCION_EMPRESA_REQUERIDA = 'Ingresa la dirección de tu empresa.';
export const DIRECCION_EMPRESA_CORTA = 'La dirección debe ser más específica';
export const TEXTO_LARGO = 'Puede tener como máximo 150 caracteres.';

const texto = (requerido: string, max = 150) =>
  z
    .string({ error: requerido })
    .trim()
    .min(1, requerido)
    .max(max, max === 150 ? TEXTO_LARGO : requerido)
    .refine(isUnaLinea, SALTO_DE_LINEA);

/** Body of PUT /api/proveedor/empresa/ and the /mi-empresa form. Whether the comuna exists (and is of the región) is the server's check. */
export const empresaSchema = z.object({
  razon_social: texto(RAZON_SOCIAL_REQUERIDA),
  nombre_fantasia: texto(NOMBRE_FANTASIA_REQUERIDO),
  /** Stored normalised, '76.086.428-5'. */
  rut: z
    .string({ error: RUT_EMPRESA_INVALIDO })
    .trim()
    .min(1, RUT_EMPRESA_INVALIDO)
    .max(20, RUT_EMPRESA_INVALIDO)
    .refine(isRutValido, RUT_EMPRESA_INVALIDO)
    .transform(formatRut),
  giro: texto(GIRO_REQUERIDO),
  direccion: z
    .string({ error: DIRECCION_EMPRESA_REQUERIDA })
    .trim()
    .min(1, DIRECCION_EMPRESA_REQUERIDA)
    .min(DIRECCION_MIN_LENGTH, DIRECCION_EMPRESA_CORTA)
    .max(255, DIRECCION_EMPRESA_CORTA)
    .refine(isUnaLinea, SALTO_DE_LINEA),
  region: idRequeridoSchema(SELECCIONE_REGION),
  comuna: idRequeridoSchema(SELECCIONE_COMUNA),
  telefono: telefonoContactoSchema,
  correo_ventas: correoContactoSchema,
});
export type EmpresaInput = z.input<typeof empresaSchema>;
export type EmpresaData = z.output<typeof empresaSchema>;

/**
 * GET/PUT /api/proveedor/empresa/: the calling supplier's company. Before it is saved
 * (`guardada: false`) the fields it can guess are filled (nombre_fantasia with the name buyers see
 * today, correo_ventas with the account's e-mail) and the rest are empty, region/comuna null.
 */
export const empresaSchemaOut = z.object({
  razon_social: z.string(),
  nombre_fantasia: z.string(),
  rut: z.string(),
  giro: z.string(),
  direccion: z.string(),
  region: z.number().int().nullable(),
  comuna: z.number().int().nullable(),
  region_nombre: z.string().nullable(),
  comuna_nombre: z.string().nullable(),
  telefono: z.string(),
  correo_ventas: z.string(),
  guardada: z.boolean(),
});
export type Empresa = z.infer<typeof empresaSchemaOut>;
