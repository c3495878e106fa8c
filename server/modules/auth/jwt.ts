import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenType = 'access' | 'refresh';
export interface TokenClaims {
  token_type: TokenType;
  user_id: number;
  iat: number;
  exp: number;
  jti: string;
}

/** SimpleJWT-shaped tokens: HS256, {token_type, exp, iat, jti, user_id}. */
export function createJwt(secret: string, lifetimes: { access: number; refresh: number }) {
  const key = new TextEncoder().encode(secret);
  const sign = (type: TokenType, userId: number, iat: number) =>
    new SignJWT({ token_type: type, user_id: userId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimes[type])
      .setJti(randomBytes(16).toString('hex'))
      .sign(key);
  return {
    sign,
    /** The claims, or null when the token is malformed, tampered with or expired. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const { token_type, user_id, iat, exp, jti } = payload as Partial<TokenClaims>;
        if ((token_type !== 'access' && token_type !== 'refresh') || !Number.isInteger(user_id) || !iat || !exp || !jti) return null;
        return { token_type, user_id: user_id!, iat, exp, jti };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;
