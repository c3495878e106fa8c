import { describe, expect, it } from 'vitest';
import { createFirmaSeguimiento } from './seguimiento';

const SECRETO = 'un-secreto-de-prueba-de-al-menos-32-caracteres';

describe('createFirmaSeguimiento', () => {
  const firma = createFirmaSeguimiento(SECRETO);

  it('gives each order one 43-character URL-safe token, the same in every process with the secret, that names it back', () => {
    for (const id of [1, 42, 2_147_483_647]) {
      const token = firma.token(id);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(createFirmaSeguimiento(SECRETO).token(id)).toBe(token);
      expect(firma.ordenId(token)).toBe(id);
    }
    expect(firma.token(1)).not.toBe(firma.token(2));
  });

  it('names nothing for another secret, a changed character, another spelling of the same bytes, or a random token', () => {
    const token = firma.token(7);
    expect(createFirmaSeguimiento(`${SECRETO}-otro`).ordenId(token)).toBeUndefined();
    for (let i = 0; i < token.length; i++) {
      const cambiado = `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
      expect(firma.ordenId(cambiado), `character ${i}`).toBeUndefined();
    }
    for (const otro of ['', 'corto', `${token}A`, token.slice(0, 42), `${token.slice(0, 42)}+`, 'A'.repeat(43)])
      expect(firma.ordenId(otro), otro).toBeUndefined();
  });
});
