import { describe, expect, it } from 'vitest';
import { isTelefonoChileno } from './telefono';

describe('isTelefonoChileno', () => {
  it.each(['+56912345678', '56912345678', '912345678', '+56 9 1234 5678', '221234567', '22123456', '+56221234567', '322123456', '412345678', '722123456'])(
    'accepts %s',
    (n) => {
      expect(isTelefonoChileno(n)).toBe(true);
    },
  );
  it.each(['', '12345678', '81234567', '+5491123456789', '9123456789', '2212345678', '312345678', '592123456', 'abcdefgh', '+56 9 1234 567'])(
    'rejects %s',
    (n) => {
      expect(isTelefonoChileno(n)).toBe(false);
    },
  );
});
