import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';

export type TokenType = 'access' | 'refresh';
export interface TokenClaims {
  token_type: TokenType;
  user_id: number;
  /** usuario.token_version when issued: a password change voids every earlier token. */
  ver: number;
  iat: number;
  exp: number;
  jti: string;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);

/**
 * SimpleJWT-shaped tokens: HS256, {token_type, exp, iat, jti, user_id} plus `ver`. Written with
 * node:crypto rather than jose because verification runs on every authenticated request:
 * one synchronous HMAC with a key imported once, instead of an async WebCrypto call
 * (docs/decisions/003; jose cross-checks the format in jwt.test.ts).
 */
export function createJwt(secret: string, lifetimes: { access: number; refresh: number }) {
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const hmac = (data: string) => createHmac('sha256', key).update(data).digest();
  return {
    async sign(type: TokenType, userId: number, ver: number, iat = Math.floor(Date.now() / 1000)): Promise<string> {
      const claims: TokenClaims = { token_type: type, user_id: userId, ver, iat, exp: iat + lifetimes[type], jti: randomBytes(16).toString('hex') };
      const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      return `${body}.${hmac(body).toString('base64url')}`;
    },
    /** The claims, or null when the token is malformed, tampered with or expired. */
    verify(token: string): TokenClaims | null {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [header, payload, signature] = parts as [string, string, string];
      const given = Buffer.from(signature, 'base64url');
      const expected = hmac(`${header}.${payload}`);
      // The canonical encoding only, and a constant-time comparison.
      if (given.length !== expected.length || given.toString('base64url') !== signature || !timingSafeEqual(given, expected)) return null;
      try {
        const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
        if (alg !== 'HS256') return null;
        const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<TokenClaims>;
        if (
          (c.token_type !== 'access' && c.token_type !== 'refresh') ||
          !isInt(c.user_id) ||
          !isInt(c.ver) ||
          !isInt(c.iat) ||
          !isInt(c.exp) ||
          typeof c.jti !== 'string'
        )
          return null;
        if (c.exp <= Math.floor(Date.now() / 1000)) return null;
        return { token_type: c.token_type, user_id: c.user_id, ver: c.ver, iat: c.iat, exp: c.exp, jti: c.jti };
      } catch {
        return null;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;
