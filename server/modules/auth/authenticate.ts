import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_SCHEME } from '#common/constants';
import { hasRol, type Rol } from '#common/rol';
import type { Database } from '#server/db/client';
import { AppError } from '#server/errors';
import type { UsuarioSesion } from './auth.repository';
import type { Jwt, TokenClaims, TokenType } from './sesion/jwt';
import { createSesionCache, type SesionCache } from './sesion/sesion-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user, once a guard has run. */
    usuario?: UsuarioSesion;
    /** The session cache of the guard that ran, for `registerGuardsDecorator`'s hook. */
    sesiones?: SesionCache;
    /** sesiones.changes() when the guard ran: the write's sync waits for other processes only if it grew. */
    sesionesDesde?: number;
  }
}

const WWW_AUTHENTICATE = { 'www-authenticate': `${AUTH_SCHEME} realm="api"` };
export const unauthorized = (detail: string, code?: string) => new AppError(401, code ? { detail, code } : { detail }, WWW_AUTHENTICATE);
export const NO_CREDENCIALES = 'Las credenciales de autenticación no se proveyeron.';
export const TOKEN_INVALIDO = 'El token es inválido o ha expirado.';

/**
 * The one token check: guards, /auth/jwt/verify/ and /auth/jwt/refresh/ all go through it.
 * Signature and expiry, the expected type (any, for verify), then the user, read once (from the
 * session cache, sesion-cache.ts): it must exist, be active and still be on the token's version
 * (a password change moves it on).
 */
export function createTokenCheck(sesiones: Pick<SesionCache, 'get'>, jwt: Jwt) {
  return async function checkToken(token: string, type?: TokenType): Promise<{ claims: TokenClaims; usuario: UsuarioSesion }> {
    const claims = jwt.verify(token);
    if (!claims) throw unauthorized(TOKEN_INVALIDO, 'token_not_valid');
    if (type && claims.token_type !== type) throw unauthorized('El token tiene un tipo incorrecto.', 'token_not_valid');
    const usuario = await sesiones.get(claims.user_id);
    if (!usuario) throw unauthorized('Usuario no encontrado.', 'user_not_found');
    if (!usuario.is_active) throw unauthorized('El usuario está inactivo.', 'user_inactive');
    if (usuario.token_version !== claims.ver) throw unauthorized(TOKEN_INVALIDO, 'token_not_valid');
    return { claims, usuario };
  };
}
export type TokenCheck = ReturnType<typeof createTokenCheck>;

/**
 * Guards, to be used as `onRequest` hooks: they read only the header, so an anonymous write gets
 * its 401 before its body is parsed or validated. `authenticate` resolves `Authorization: JWT
 * <access>` (any other scheme counts as anonymous, as in SimpleJWT); `requireRole` also answers
 * 403 to a user without that role.
 *
 * The sessions come from memory once `start()` listens (sesion-cache.ts); before it, and after
 * `stop()`, from the database.
 */
export function createGuards(database: Pick<Database, 'db' | 'listen' | 'barrier'>, jwt: Jwt) {
  const sesiones = createSesionCache(database);
  const checkToken = createTokenCheck(sesiones, jwt);
  async function resolve(request: FastifyRequest): Promise<UsuarioSesion> {
    const parts = request.headers.authorization?.split(' ') ?? [];
    if (parts[0] !== AUTH_SCHEME) throw unauthorized(NO_CREDENCIALES);
    if (parts.length !== 2 || !parts[1]) {
      throw unauthorized('El encabezado Authorization debe contener dos valores separados por un espacio.', 'bad_authorization_header');
    }
    const { usuario } = await checkToken(parts[1], 'access');
    request.sesiones = sesiones;
    request.sesionesDesde = sesiones.changes();
    return usuario;
  }
  return {
    checkToken,
    start: () => sesiones.start(),
    stop: () => sesiones.stop(),
    /** Users kept, answers without and with a database read of their own (for metrics). */
    stats: () => sesiones.stats(),
    /**
     * For the anonymous writes that change a session (activation, password reset): no guard ran,
     * so they call this before answering, and every process has forgotten the old session by then.
     */
    syncSesiones: () => sesiones.sync(),
    async authenticate(request: FastifyRequest) {
      request.usuario = await resolve(request);
    },
    /**
     * For endpoints open to anonymous callers (docs/producto.md §6: the quotation calls): no JWT header is an
     * anonymous call, but a JWT that is sent must be valid (401 otherwise, as SimpleJWT does).
     */
    async identify(request: FastifyRequest) {
      if (request.headers.authorization?.split(' ')[0] !== AUTH_SCHEME) return;
      request.usuario = await resolve(request);
    },
    requireRole(rol: Rol) {
      return async (request: FastifyRequest) => {
        request.usuario = await resolve(request);
        if (!hasRol(request.usuario, rol)) throw new AppError(403, { detail: 'No tienes permiso para realizar esta acción.' });
      };
    },
  };
}
export type Guards = ReturnType<typeof createGuards>;

/** The user a guard put on the request; only call inside guarded routes. */
export function currentUser(request: FastifyRequest): UsuarioSesion {
  if (!request.usuario) throw unauthorized(NO_CREDENCIALES);
  return request.usuario;
}

/** Methods that change nothing (RFC 9110 §9.2.1): their answers need not wait for the session cache. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerGuardsDecorator(app: FastifyInstance) {
  app.decorateRequest('usuario', undefined);
  app.decorateRequest('sesiones', undefined);
  app.decorateRequest('sesionesDesde', undefined);
  // A guarded write may have changed a session (set_password moves token_version on): it answers
  // once this process's cache has heard that change and, when a session did change, every other
  // process's too (sesion-cache.ts sync), so the very next request anywhere finds the old tokens void.
  // Callback style, not async: on every reply of the hot path, a promise per hook shows in the bench.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!request.sesiones || SAFE_METHODS.has(request.method)) return done(null, payload);
    request.sesiones.sync(request.sesionesDesde).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
}
