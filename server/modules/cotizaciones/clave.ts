import { isClave } from '../../http/clave';
import type { Tenencia } from './cotizaciones.repository';

/** Who is calling: the user of a valid token, and the clave sent in X-Clave-Cotizacion, if any. */
export interface Llamante {
  usuarioId?: number;
  clave?: string;
}

/**
 * How the caller holds a record: as its user, or by its clave (an anonymous record only), or not
 * at all (the caller gets 404, as for a record that does not exist). Claves are 256 random bits
 * compared in constant time (server/http/clave.ts, docs/decisions/005).
 */
export function tenenciaDe(registro: Tenencia, llamante: Llamante): 'usuario' | 'clave' | undefined {
  if (registro.usuario_id !== null) return registro.usuario_id === llamante.usuarioId ? 'usuario' : undefined;
  if (registro.clave_hash === null || llamante.clave === undefined) return undefined;
  return isClave(registro.clave_hash, llamante.clave) ? 'clave' : undefined;
}
