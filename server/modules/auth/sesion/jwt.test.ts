import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createJwt } from './jwt';

const SECRET = 'secreto-de-pruebas-con-mas-de-32-caracteres';
const key = new TextEncoder().encode(SECRET);
const jwt = createJwt(SECRET, { access: 1800, refresh: 86400 });

describe('createJwt', () => {
  it('signs standard HS256 tokens with the SimpleJWT claims and the token version', async () => {
    const token = await jwt.sign('access', 42, 3);
    const { payload, protectedHeader } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ token_type: 'access', user_id: 42, ver: 3, jti: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(payload.exp! - payload.iat!).toBe(1800);
    expect(jwt.verify(token)).toEqual(payload);
  });

  it('accepts a token another HS256 implementation signed with the same secret', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ token_type: 'refresh', user_id: 7, ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .setJti('abc')
      .sign(key);
    expect(jwt.verify(token)).toMatchObject({ token_type: 'refresh', user_id: 7, ver: 0 });
  });

  it('refuses tampered, expired, foreign, alg-swapped and malformed tokens', async () => {
    const token = await jwt.sign('access', 1, 0);
    const [h, p, s] = token.split('.') as [string, string, string];
    const claims = decodeJwt(token);
    const forged = Buffer.from(JSON.stringify({ ...claims, user_id: 2 })).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const sign = (claimsOver: object, header: object = { alg: 'HS256' }, secret = key) =>
      new SignJWT({ token_type: 'access', user_id: 1, ver: 0, jti: 'x', ...claimsOver })
        .setProtectedHeader(header as { alg: string })
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(secret);
    const bad = [
      `${h}.${forged}.${s}`,
      `${h}.${p}.${s.slice(0, -2)}xx`,
      `${h}.${p}.${s}=`,
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`,
      `${h}.${p}`,
      'basura',
      await jwt.sign('access', 1, 0, now - 3600),
      await sign({}, { alg: 'HS256' }, new TextEncoder().encode('otro-secreto-de-pruebas-con-32-caracteres')),
      await sign({ ver: '0' }),
      await sign({ user_id: 1.5 }),
      await sign({ token_type: 'sliding' }),
      await sign({}, { alg: 'HS384' }),
    ];
    for (const t of bad) expect(jwt.verify(t), t).toBeNull();
  });
});
