// PROVISIONAL until common/schemas/cotizaciones.ts lands from the API branch.
export const mensajeFila = (n: number, m: string) => `Fila ${n}: ${m}`;
export const MENSAJES_COTIZACION = {
  sinProductos: 'Debe haber al menos un producto en la cotización.',
  sinFilaValida: 'Debe haber al menos una fila completa y válida en la cotización.',
  campoIncompleto: (campo: string) => `El campo "${campo}" está incompleto.`,
  cantidadPositiva: 'La cantidad debe ser un número positivo.',
  cantidadMaxima: 'La cantidad no puede ser mayor a 9999.',
  cantidadMinima: (x: number) => `La cantidad mínima debe ser de ${x} kg.`,
};
export const CLAVE_HEADER = 'X-Clave-Cotizacion';

import { telefonoContactoSchema, CORREO_INVALIDO } from '../../../../../common/schemas/direcciones';
import { z } from '../../../../../common/zod-es';
const idOpt = z.preprocess((v) => (v === '' || v === null || v === undefined ? null : v), z.coerce.number().int().positive().nullable());
export const cotizanteSchema = z.object({
  fecha_entrega: z.preprocess((v) => (v === '' ? null : v), z.string().nullable()),
  nombre_contacto: z.string().trim().min(1, 'Este campo es obligatorio').regex(/^[^0-9]*$/, 'El nombre no puede contener números'),
  correo_contacto: z.string().trim().min(1, 'Este campo es obligatorio').email(CORREO_INVALIDO),
  telefono_contacto: telefonoContactoSchema,
  direccion_envio: z.string().trim().refine((v) => v === '' || /\d/.test(v), 'Debe contener el numero de dirección'),
  region: idOpt,
  comuna: idOpt,
});
export type CotizanteInput = z.input<typeof cotizanteSchema>;
