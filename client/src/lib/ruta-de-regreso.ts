// Where /login returns a visitor once they are in: the page they were on when they chose to log in
// (the menu, a guard, an expired session). It travels as ?next= so a reload of /login keeps it.
// docs/decisions/018-flujos-y-avisos.md.

/** The query parameter /login reads. */
export const NEXT_PARAM = 'next';

/**
 * Screens not worth returning to: a logged-in user has nothing to do on /login or /signup, and the
 * password and activation screens are done with once the user is in (their links are one use).
 */
const SIN_REGRESO = ['/login', '/signup', '/reset-password'];
const SIN_REGRESO_BAJO = ['/password/reset/confirm/', '/activate/', '/confirmar-correo/'];

/**
 * `next` as a path of this site, or '/' when it is anything else: an absolute URL, a
 * protocol-relative one ('//evil.cl'), a backslash that browsers read as one ('/\evil.cl'), a
 * control character, or a screen not worth returning to (SIN_REGRESO). Only path, query and hash are kept.
 */
export function rutaSegura(next: string | null | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it refuses
  if (!next || next.length > 2000 || !next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(next)) return '/';
  let url: URL;
  try {
    url = new URL(next, 'http://abastece.invalid');
  } catch {
    return '/';
  }
  const ruta = url.pathname.replace(/(.)\/$/, '$1');
  if (url.origin !== 'http://abastece.invalid' || SIN_REGRESO.includes(ruta) || SIN_REGRESO_BAJO.some((p) => ruta.startsWith(p))) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login, carrying the page to come back to (nothing when that page is the home page or /login itself). */
export function loginConRegreso(location: { pathname: string; search?: string; hash?: string }): string {
  const aqui = rutaSegura(`${location.pathname}${location.search ?? ''}${location.hash ?? ''}`);
  return aqui === '/' ? '/login' : `/login?${NEXT_PARAM}=${encodeURIComponent(aqui)}`;
}

/**
 * Where a user lands with no page to return to: a supplier on its panel, what it has to do today
 * (docs/producto.md §17); anyone else on the home page.
 */
export const inicioDe = (usuario: { is_proveedor: boolean } | null | undefined) => (usuario?.is_proveedor ? '/panel' : '/');

/** The page /login returns to, read from its own query string; with none, the user's home (inicioDe). */
export function destinoTrasLogin(search: string, usuario?: { is_proveedor: boolean } | null): string {
  const destino = rutaSegura(new URLSearchParams(search).get(NEXT_PARAM));
  return destino === '/' ? inicioDe(usuario) : destino;
}
