import { PASSWORD_MIN_LENGTH } from '../constants';
import { z } from '../zod-es';
import { isUnaLinea, SALTO_DE_LINEA } from '../texto';
import { APELLIDO_SOLO_LETRAS, NOMBRE_PERSONA, NOMBRE_SOLO_LETRAS } from './cuenta';

const requerido = 'Este campo es obligatorio';
const EN_BLANCO = 'Este campo no puede estar en blanco.';
const REQUERIDO = 'Este campo es requerido.';
export const CONTRASENAS_NO_COINCIDEN = 'Las contraseñas no coinciden.';
const CONTRASENA_CORTA = `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`;

export const emailSchema = z.string().trim().min(1, requerido).max(254).email('Ingresa un correo válido');
const password = z.string().min(1, requerido).min(PASSWORD_MIN_LENGTH, CONTRASENA_CORTA).max(128, 'La contraseña no puede superar los 128 caracteres.');

export const loginSchema = z.object({
  email: z.string().trim().min(1, EN_BLANCO).max(254),
  password: z.string().min(1, EN_BLANCO).max(512),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * What a signup decides about the account besides its password: names and role. The activation
 * link takes them too, editable, so whoever proves the mailbox has the last word (docs/decisions/003).
 */
const cuentaRegistro = {
  // The profile's letters rule (docs/producto.md §5 Edit account), so no account starts with a name it cannot save.
  first_name: z.string().trim().min(1, requerido).max(150).regex(NOMBRE_PERSONA, NOMBRE_SOLO_LETRAS).refine(isUnaLinea, SALTO_DE_LINEA),
  last_name: z.string().trim().min(1, requerido).max(150).regex(NOMBRE_PERSONA, APELLIDO_SOLO_LETRAS).refine(isUnaLinea, SALTO_DE_LINEA),
  // Only buyer or supplier can be chosen; is_moderador is not accepted from anyone.
  is_comprador: z.boolean().optional(),
  is_proveedor: z.boolean().optional(),
};

/** docs/producto.md §5 Signup: every field required, passwords of ≥ 6 characters and equal, role buyer or supplier. */
export const signupSchema = z
  .object({
    ...cuentaRegistro,
    email: emailSchema,
    password,
    re_password: z.string().min(1, requerido).max(128),
  })
  .refine((d) => d.password === d.re_password, { message: CONTRASENAS_NO_COINCIDEN, path: ['non_field_errors'] });
export type SignupInput = z.infer<typeof signupSchema>;

/**
 * The same answer whether the e-mail is new, waits for activation or has an active account
 * (docs/decisions/003: signup tells no one which e-mails have accounts). Unlike Djoser's, it
 * carries no `id`: an account's id exists only for an address that has one, so it was the one
 * field that could tell them apart.
 */
export const signupResponseSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_comprador: z.boolean(),
  is_proveedor: z.boolean(),
  clave_activacion: z
    .string()
    .describe(
      'Secreto de este navegador: enviado con el enlace de activación, hace valer la contraseña elegida en este registro. Sin él, quien abre el enlace elige la contraseña ahí.',
    ),
});

export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const uidTokenSchema = z.object({ uid: z.string().min(1, EN_BLANCO).max(64), token: z.string().min(1, EN_BLANCO).max(256) });

/** 400 on new_password: the activation link needs a password chosen right there (docs/decisions/003). */
export const ACTIVACION_PIDE_CONTRASENA = 'Elige una contraseña para activar tu cuenta.';
export const emailOnlySchema = z.object({ email: emailSchema });

/** docs/producto.md §5 Reset confirm: same match rule and minimum length. */
export const newPasswordSchema = z
  .object({ new_password: password, re_new_password: z.string().min(1, requerido).max(128) })
  .refine((d) => d.new_password === d.re_new_password, { message: CONTRASENAS_NO_COINCIDEN, path: ['non_field_errors'] });
export const resetConfirmSchema = uidTokenSchema.and(newPasswordSchema);

/** The activation page's form when the link asks for a password: the password, and the names under the signup's rules. */
export const activacionFormSchema = z.object({ first_name: cuentaRegistro.first_name, last_name: cuentaRegistro.last_name }).and(newPasswordSchema);
export type ActivacionFormInput = z.infer<typeof activacionFormSchema>;

/** 400 on current_password of POST /auth/users/set_password/ (Djoser's 'Invalid password.'). */
export const CONTRASENA_ACTUAL_INVALIDA = 'Contraseña inválida.';
/** POST /auth/users/set_password/ (Djoser with its retype field): the current password, then the new one under the reset's rules. */
export const setPasswordSchema = z.object({ current_password: z.string().min(1, requerido).max(512) }).and(newPasswordSchema);
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

/**
 * POST /auth/users/activation/: the link's uid and token, the clave the signing-up browser kept,
 * and, when the server asks for one, a password chosen right there (the reset's rules). Names and
 * role may come too, under the signup's rules: what the mailbox's owner chose on the activation
 * page, over what the signup said (each one absent: the signup's stands).
 */
export const activationSchema = uidTokenSchema
  .extend({
    clave_activacion: z.string().min(1, EN_BLANCO).max(128).optional(),
    new_password: password.optional(),
    re_new_password: z.string().min(1, requerido).max(128).optional(),
    first_name: cuentaRegistro.first_name.optional(),
    last_name: cuentaRegistro.last_name.optional(),
    is_comprador: cuentaRegistro.is_comprador,
    is_proveedor: cuentaRegistro.is_proveedor,
  })
  .superRefine((d, ctx) => {
    if (d.new_password === undefined && d.re_new_password === undefined) return;
    if (d.new_password === undefined) ctx.addIssue({ code: 'custom', path: ['new_password'], message: REQUERIDO });
    else if (d.re_new_password === undefined) ctx.addIssue({ code: 'custom', path: ['re_new_password'], message: REQUERIDO });
    else if (d.new_password !== d.re_new_password) ctx.addIssue({ code: 'custom', path: ['non_field_errors'], message: CONTRASENAS_NO_COINCIDEN });
  });
export type ActivationInput = z.infer<typeof activationSchema>;

/**
 * POST /auth/users/activation/datos/: what an activation link's signup said (without using the
 * link), for the activation page to find this browser's clave by e-mail and to show the names
 * and role for the owner to confirm or change.
 */
export const activationDatosSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_comprador: z.boolean(),
  is_proveedor: z.boolean(),
});
export type ActivationDatos = z.infer<typeof activationDatosSchema>;

export const tokensSchema = z.object({ refresh: z.string(), access: z.string() });
export const refreshSchema = z.object({ refresh: z.string().min(1, EN_BLANCO) });
export const verifySchema = z.object({ token: z.string().min(1, EN_BLANCO) });

export const usuarioMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** A new e-mail waiting for its confirmation link; null when none. */
  email_pendiente: z.string().nullable(),
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
  /** A supplier's company name (razón social); '' when none. */
  empresa: z.string(),
});
export type UsuarioMe = z.infer<typeof usuarioMeSchema>;

/** Login with the right password on an account not yet activated: the client offers resend_activation. */
export const CUENTA_INACTIVA = {
  detail: 'Tu cuenta aún no está activada. Revisa tu correo o pide un nuevo enlace de activación.',
  code: 'cuenta_inactiva',
} as const;
/**
 * 403 of an activation link already used on an account now active (Djoser's "stale token"). The
 * code says the account is active, only to whoever holds a link genuinely issued for it: a random
 * token gets 400, whatever the account (docs/decisions/003).
 */
export const CUENTA_YA_ACTIVA = { detail: 'Token obsoleto para este usuario.', code: 'cuenta_ya_activa' } as const;
