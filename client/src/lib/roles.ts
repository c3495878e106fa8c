import type { UsuarioMe } from '#common/schemas/auth';

type Roles = Pick<UsuarioMe, 'is_comprador' | 'is_proveedor' | 'is_moderador'>;

/** docs/producto.md §2 login toast: 'has ingresado como {role}'. */
export const rolLogin = (u: Roles) => (u.is_moderador ? 'moderador' : u.is_proveedor ? 'proveedor' : 'comprador');

/** docs/producto.md §6: a buyer is 'Comprador' on the profile menu and 'Cotizante' on account screens. */
export const rolPerfil = (u: Roles) => (u.is_comprador ? 'Comprador' : u.is_proveedor ? 'Proveedor' : 'Usuario');
export const rolCuenta = (u: Roles) => (u.is_comprador ? 'Cotizante' : u.is_proveedor ? 'Proveedor' : 'Usuario Estándar');

/**
 * Signup with a role chosen ('/signup?rol=proveedor'): where 'Sube tu stock' and 'Vende con
 * nosotros' take a visitor, who may become a supplier (docs/decisions/017).
 */
export const ROL_SIGNUP_PARAM = 'rol';
export const SIGNUP_PROVEEDOR = `/signup?${ROL_SIGNUP_PARAM}=proveedor`;
