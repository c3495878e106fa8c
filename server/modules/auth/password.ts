import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum: m = 19 MiB, t = 2, p = 1.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/**
 * What an account not yet activated holds as its password: no argon2 hash at all ('!' and random
 * bytes, as Django marks an unusable password), so nothing typed ever matches it. The password a
 * signup chose waits in its activation token (docs/decisions/003).
 */
export const unusablePassword = () => `!${randomBytes(24).toString('base64url')}`;
