// Who is logged in, for the page tests: accounts as the server describes them, and the session's calls answered.
import type { UsuarioMe } from '#common/schemas/auth';
import type { Respuesta } from './page-harness';

/** An account as GET /auth/users/me/ answers it: a buyer, Daniela Araya, unless `u` says otherwise. */
export const usuario = (u: Partial<UsuarioMe>): UsuarioMe => ({
  id: 7,
  email: 'daniela@prueba.cl',
  email_pendiente: null,
  first_name: 'Daniela',
  last_name: 'Araya',
  telefono: '+56912345678',
  fecha_nacimiento: null,
  is_comprador: true,
  is_proveedor: false,
  is_moderador: false,
  correo_contacto: '',
  direccion_envio: '',
  ofrece_credito: false,
  empresa: '',
  ...u,
});
export const COMPRADORA = usuario({});
export const PROVEEDOR = usuario({
  id: 8,
  email: 'ventas@maule.cl',
  first_name: 'Marta',
  is_comprador: false,
  is_proveedor: true,
  empresa: 'Carnes del Maule',
});
export const MODERADORA = usuario({ id: 9, email: 'moderacion@abastece.cl', first_name: 'Inés', is_comprador: false, is_moderador: true });

/** Logged in as `u`: tokens in storage, and the layout's session calls answered. */
export function signIn(respuestas: Record<string, Respuesta>, u: UsuarioMe) {
  localStorage.setItem('access', 'cabecera.acceso.firma');
  localStorage.setItem('refresh', 'cabecera.refresco.firma');
  respuestas['POST /auth/jwt/verify/'] = { status: 200, body: {} };
  respuestas['GET /auth/users/me/'] = { status: 200, body: u };
}
