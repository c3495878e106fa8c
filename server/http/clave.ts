import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// A clave is a secret the server hands to one browser and later asks back: an anonymous buyer's
// request (docs/decisions/005), a signup's activation (docs/decisions/003).

/** 256 random bits, URL-safe: nobody can guess one. */
export const createClave = () => randomBytes(32).toString('base64url');

/** Only the hash is stored: a leaked database holds no working clave. */
export const hashClave = (clave: string) => createHash('sha256').update(clave, 'utf8').digest('hex');

/**
 * Whether `clave` is the one whose hash was stored. The hashes are compared in constant time, so
 * the answer's timing says nothing about how close a guess was.
 */
export function isClave(claveHash: string, clave: string): boolean {
  const esperado = Buffer.from(claveHash, 'hex');
  const recibido = Buffer.from(hashClave(clave), 'hex');
  return esperado.length === recibido.length && timingSafeEqual(esperado, recibido);
}
