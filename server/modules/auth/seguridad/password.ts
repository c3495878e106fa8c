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

/**
 * An account whose signup was never confirmed: inactive, with the unusable password every signup
 * starts with (activation sets a real one; an account deactivated later, or made inactive by
 * `npm run create-user`, keeps one). It never proved its mailbox, so it does not hold its address
 * against someone who does (a third party's signup blocked another user's e-mail change).
 */
export const isNeverActivated = (u: { is_active: boolean; password: string }) => !u.is_active && u.password.startsWith('!');
