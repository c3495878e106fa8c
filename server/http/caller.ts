import type { FastifyRequest } from 'fastify';
import { CLAVE_COTIZACION_HEADER } from '#common/schemas/cotizaciones';
import { isClave } from './clave';

// The caller of the endpoints open to anonymous buyers (docs/producto.md §6: the request, its comparison and
// choice, the order placed on it), shared by the modules that serve them: cotizaciones, comparacion, ordenes.

/** Who is calling: the user of a valid token, and the clave sent in X-Clave-Cotizacion, if any. */
export interface Caller {
  usuarioId?: number;
  clave?: string;
}

/** Who holds a record: its user, else whoever has the clave whose hash it keeps (docs/decisions/005). */
export interface Hold {
  id: number;
  usuario_id: number | null;
  clave_hash: string | null;
}

/** A clave is 43 URL-safe characters; anything else (absent, repeated, oversized) holds nothing. */
const claveDe = (request: FastifyRequest): string | undefined => {
  const v = request.headers[CLAVE_COTIZACION_HEADER];
  return typeof v === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(v) ? v : undefined;
};

/** The caller of a quotation endpoint: its user (after guards.identify) and the clave it sent. */
export const callerOf = (request: FastifyRequest): Caller => ({ usuarioId: request.usuario?.id, clave: claveDe(request) });

/**
 * How the caller holds a record: as its user, or by its clave (an anonymous record only), or not
 * at all (the caller gets 404, as for a record that does not exist). Claves are 256 random bits
 * compared in constant time (server/http/clave.ts, docs/decisions/005).
 */
export function holdOf(registro: Hold, caller: Caller): 'usuario' | 'clave' | undefined {
  if (registro.usuario_id !== null) return registro.usuario_id === caller.usuarioId ? 'usuario' : undefined;
  if (registro.clave_hash === null || caller.clave === undefined) return undefined;
  return isClave(registro.clave_hash, caller.clave) ? 'clave' : undefined;
}
