import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_SCHEME } from '../../../common/constants';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { getUsuarioById, type Usuario } from './auth.repository';
import type { Jwt, TokenClaims } from './jwt';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user, once a guard has run. */
    usuario?: Usuario;
  }
}

const WWW_AUTHENTICATE = { 'www-authenticate': `${AUTH_SCHEME} realm="api"` };
export const unauthorized = (detail: string, code?: string) => new AppError(401, code ? { detail, code } : { detail }, WWW_AUTHENTICATE);
export const NO_CREDENCIALES = 'Las credenciales de autenticación no se proveyeron.';
export const TOKEN_INVALIDO = 'El token es inválido o ha expirado.';

/** A token issued before the last password change is void: a reset ends every session. */
export function isIssuedBeforePasswordChange(claims: Pick<TokenClaims, 'iat'>, user: Usuario): boolean {
  return claims.iat < Math.floor(user.password_changed_at.getTime() / 1000);
}

export type Role = 'comprador' | 'proveedor' | 'moderador';
const hasRole = (u: Usuario, role: Role) => (role === 'comprador' ? u.is_comprador : role === 'proveedor' ? u.is_proveedor : u.is_moderador);

/**
 * Guards. `authenticate` resolves `Authorization: JWT <access>` (any other scheme counts as
 * anonymous, as in SimpleJWT) and answers 401 when missing or invalid; `requireRole` also
 * answers 403 to a user without that role flag.
 */
export function createGuards(db: Db, jwt: Jwt) {
  async function resolve(request: FastifyRequest): Promise<Usuario> {
    const header = request.headers.authorization;
    const parts = header?.split(' ') ?? [];
    if (parts[0] !== AUTH_SCHEME) throw unauthorized(NO_CREDENCIALES);
    if (parts.length !== 2 || !parts[1]) {
      throw unauthorized('El encabezado Authorization debe contener dos valores separados por un espacio.', 'bad_authorization_header');
    }
    const claims = await jwt.verify(parts[1]);
    if (!claims || claims.token_type !== 'access') throw unauthorized(TOKEN_INVALIDO, 'token_not_valid');
    const user = await getUsuarioById(db, claims.user_id);
    if (!user) throw unauthorized('Usuario no encontrado.', 'user_not_found');
    if (!user.is_active) throw unauthorized('El usuario está inactivo.', 'user_inactive');
    if (isIssuedBeforePasswordChange(claims, user)) throw unauthorized(TOKEN_INVALIDO, 'token_not_valid');
    return user;
  }
  return {
    async authenticate(request: FastifyRequest) {
      request.usuario = await resolve(request);
    },
    requireRole(role: Role) {
      return async (request: FastifyRequest) => {
        request.usuario = await resolve(request);
        if (!hasRole(request.usuario, role)) throw new AppError(403, { detail: 'No tienes permiso para realizar esta acción.' });
      };
    },
  };
}
export type Guards = ReturnType<typeof createGuards>;

/** The user a guard put on the request; only call inside guarded routes. */
export function currentUser(request: FastifyRequest): Usuario {
  if (!request.usuario) throw unauthorized(NO_CREDENCIALES);
  return request.usuario;
}

export function registerGuardsDecorator(app: FastifyInstance) {
  app.decorateRequest('usuario', undefined);
}
