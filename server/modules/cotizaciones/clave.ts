import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Tenencia } from './cotizaciones.repository';

/** Who is calling: the user of a valid token, and the clave sent in X-Clave-Cotizacion, if any. */
export interface Llamante {
  usuarioId?: number;
  clave?: string;
}

/** 256 random bits, URL-safe: nobody can guess another buyer's request (docs/decisions/005). */
export const createClave = () => randomBytes(32).toString('base64url');

/** Only the hash is stored: a leaked database holds no working clave. */
export const hashClave = (clave: string) => createHash('sha256').update(clave, 'utf8').digest('hex');

/**
 * How the caller holds a record: as its user, or by its clave (an anonymous record only), or not
 * at all (the caller gets 404, as for a record that does not exist). The hashes are compared in
 * constant time, so the answer's timing says nothing about how close a guess was.
 */
export function tenenciaDe(registro: Tenencia, llamante: Llamante): 'usuario' | 'clave' | undefined {
  if (registro.usuario_id !== null) return registro.usuario_id === llamante.usuarioId ? 'usuario' : undefined;
  if (registro.clave_hash === null || llamante.clave === undefined) return undefined;
  const esperado = Buffer.from(registro.clave_hash, 'hex');
  const recibido = Buffer.from(hashClave(llamante.clave), 'hex');
  return esperado.length === recibido.length && timingSafeEqual(esperado, recibido) ? 'clave' : undefined;
}
