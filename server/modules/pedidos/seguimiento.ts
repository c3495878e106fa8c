import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The tracking link any e-mail of an order can carry (docs/decisions/011 §Enlace de seguimiento).
 * The receipt's random token is stored only as a hash, so a later e-mail cannot repeat it; this one
 * is signed instead: the order's id and an HMAC of it under a key derived from the server's secret,
 * 32 bytes in base64url (43 characters, the shape of a random token). Nothing is stored, every
 * process with the same secret computes the same link, and no one without the secret can make one.
 */
const ID_BYTES = 6;
const FIRMA_BYTES = 26;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface FirmaSeguimiento {
  /** The signed token of an order. */
  token(ordenId: number): string;
  /** The order a signed token names, or undefined when it is not one. */
  ordenId(token: string): number | undefined;
}

export function createFirmaSeguimiento(secret: string): FirmaSeguimiento {
  // A key of its own: a tracking link is not a session, and one never opens the other.
  const clave = createHmac('sha256', secret).update('abastece:seguimiento:v1').digest();
  const token = (ordenId: number) => {
    const id = Buffer.alloc(ID_BYTES);
    id.writeUIntBE(ordenId, 0, ID_BYTES);
    const firma = createHmac('sha256', clave).update(id).digest().subarray(0, FIRMA_BYTES);
    return Buffer.concat([id, firma]).toString('base64url');
  };
  return {
    token,
    ordenId(recibido) {
      if (!TOKEN.test(recibido)) return undefined;
      const ordenId = Buffer.from(recibido, 'base64url').readUIntBE(0, ID_BYTES);
      // The whole token compared, in constant time: one order has exactly one spelling.
      return ordenId > 0 && timingSafeEqual(Buffer.from(token(ordenId)), Buffer.from(recibido)) ? ordenId : undefined;
    },
  };
}
