import { EDAD_MAXIMA, EDAD_MINIMA, NOMBRE_MIN_LENGTH } from '../constants';
import { isTelefonoChileno, normalizarTelefono } from '../chile/telefono';
import { FECHA_INVALIDA, fechaIsoSchema } from '../fecha';
import { z } from '../zod-es';
import { isUnaLinea, SALTO_DE_LINEA } from '../texto';

/**
 * What Chilean names contain: letters of any accent (ñ, ü, Mª), words joined by
 * spaces, hyphens or apostrophes (’ or '), and a dot right after an initial: O'Higgins,
 * Pérez-Cotapos, María José, Mª Ignacia, Juan P. Soto. Digits and other symbols stay out.
 */
const PALABRA = String.raw`(?:\p{L}\p{M}*\.|[\p{L}\p{M}]+)`;
const SEPARADOR = String.raw`(?:\s*[-'’]\s*|\s+)`;
export const NOMBRE_PERSONA = new RegExp(`^${PALABRA}(?:${SEPARADOR}${PALABRA})*$`, 'u');

const nombrePropio = (m: { obligatorio: string; corto: string; letras: string }) =>
  z.string().trim().min(1, m.obligatorio).min(NOMBRE_MIN_LENGTH, m.corto).max(150).regex(NOMBRE_PERSONA, m.letras).refine(isUnaLinea, SALTO_DE_LINEA);

export const NOMBRE_SOLO_LETRAS = 'El nombre solo puede contener letras';
export const APELLIDO_SOLO_LETRAS = 'El apellido solo puede contener letras';

/** Age from the year alone, as docs/producto.md §5 states it. */
export const edadPorAnio = (fechaIso: string, hoy = new Date()) => hoy.getFullYear() - Number(fechaIso.slice(0, 4));

const TELEFONO_INVALIDO = 'Ingresa un teléfono válido (ej: +56 9 1234 5678 o 65 234 5678)';

/** docs/producto.md §5 Edit account, shared by the form and PUT /api/usuarios/usuarios/perfil/. */
export const perfilSchema = z.object({
  first_name: nombrePropio({
    obligatorio: 'El nombre es obligatorio',
    corto: 'El nombre debe tener al menos 2 caracteres',
    letras: NOMBRE_SOLO_LETRAS,
  }),
  last_name: nombrePropio({
    obligatorio: 'El apellido es obligatorio',
    corto: 'El apellido debe tener al menos 2 caracteres',
    letras: APELLIDO_SOLO_LETRAS,
  }),
  // A new address takes effect only once it confirms the link e-mailed to it (email_pendiente).
  email: z.string().trim().min(1, 'El correo es obligatorio').max(254).email('Ingresa un correo válido'),
  telefono: z
    .string()
    .trim()
    .max(20, TELEFONO_INVALIDO)
    .refine((v) => v === '' || isTelefonoChileno(v), TELEFONO_INVALIDO)
    .transform(normalizarTelefono)
    .default(''),
  // An empty date input means "not given".
  fecha_nacimiento: z.preprocess(
    (v) => (v === '' ? null : v),
    fechaIsoSchema()
      .refine((v) => edadPorAnio(v) <= EDAD_MAXIMA, FECHA_INVALIDA)
      .refine((v) => edadPorAnio(v) >= EDAD_MINIMA, `Debes tener al menos ${EDAD_MINIMA} años`)
      .nullable()
      .default(null),
  ),
});
export type PerfilInput = z.input<typeof perfilSchema>;

export const confirmarCorreoSchema = z.object({
  uid: z.string().min(1, 'Este campo no puede estar en blanco.').max(64),
  token: z.string().min(1, 'Este campo no puede estar en blanco.').max(256),
});
export type ConfirmarCorreoInput = z.infer<typeof confirmarCorreoSchema>;
