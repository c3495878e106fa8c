import { EDAD_MAXIMA, EDAD_MINIMA, NOMBRE_MIN_LENGTH } from '../constants';
import { isTelefonoChileno } from '../chile/telefono';
import { z } from '../zod-es';

const LETRAS = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ\s]+$/;

const nombrePropio = (m: { obligatorio: string; corto: string; letras: string }) =>
  z.string().trim().min(1, m.obligatorio).min(NOMBRE_MIN_LENGTH, m.corto).max(150).regex(LETRAS, m.letras);

/** Age from the year alone, as SPEC §5 states it. */
export const edadPorAnio = (fechaIso: string, hoy = new Date()) => hoy.getFullYear() - Number(fechaIso.slice(0, 4));

/** SPEC §5 Edit account, shared by the form and PUT /api/usuarios/usuarios/perfil/. */
export const perfilSchema = z.object({
  first_name: nombrePropio({
    obligatorio: 'El nombre es obligatorio',
    corto: 'El nombre debe tener al menos 2 caracteres',
    letras: 'El nombre solo puede contener letras',
  }),
  last_name: nombrePropio({
    obligatorio: 'El apellido es obligatorio',
    corto: 'El apellido debe tener al menos 2 caracteres',
    letras: 'El apellido solo puede contener letras',
  }),
  email: z.string().trim().min(1, 'El correo es obligatorio').max(254).email('Ingresa un correo válido'),
  telefono: z
    .string()
    .trim()
    .max(20, 'Ingresa un teléfono válido (ej: +56912345678 o 221234567)')
    .refine((v) => v === '' || isTelefonoChileno(v), 'Ingresa un teléfono válido (ej: +56912345678 o 221234567)')
    .default(''),
  // An empty date input means "not given".
  fecha_nacimiento: z.preprocess((v) => (v === '' ? null : v), z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Ingresa una fecha válida')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Ingresa una fecha válida')
    .refine((v) => edadPorAnio(v) <= EDAD_MAXIMA, 'Ingresa una fecha válida')
    .refine((v) => edadPorAnio(v) >= EDAD_MINIMA, `Debes tener al menos ${EDAD_MINIMA} años`)
    .nullable()
    .default(null)),
});
export type PerfilInput = z.input<typeof perfilSchema>;
