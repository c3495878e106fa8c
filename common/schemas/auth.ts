import { PASSWORD_MIN_LENGTH } from '../constants';
import { z } from '../zod-es';

export const loginSchema = z.object({
  email: z.string().trim().min(1, 'Este campo no puede estar en blanco.').max(254),
  password: z.string().min(1, 'Este campo no puede estar en blanco.').max(512),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const tokensSchema = z.object({ refresh: z.string(), access: z.string() });
export const refreshSchema = z.object({ refresh: z.string().min(1, 'Este campo no puede estar en blanco.') });
export const verifySchema = z.object({ token: z.string().min(1, 'Este campo no puede estar en blanco.') });

export const usuarioMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  telefono: z.string(),
  fecha_nacimiento: z.string().nullable(),
  is_comprador: z.boolean(),
  is_proveedor: z.boolean(),
  is_moderador: z.boolean(),
  correo_contacto: z.string(),
  direccion_envio: z.string(),
  ofrece_credito: z.boolean(),
});
export type UsuarioMe = z.infer<typeof usuarioMeSchema>;

export const detailSchema = z.object({ detail: z.string(), code: z.string().optional() });

export { PASSWORD_MIN_LENGTH };
