import { createHash } from 'node:crypto';
import type { Db } from '#server/db/client';
import { findConsolidatedData } from './catalogo.repository';

/** How long one process may serve a catalogue another process has changed. */
const TTL_MS = 30_000;

export interface CachedJson {
  body: string;
  etag: string;
}

/**
 * The consolidated catalogue, serialised once and shared by every request until it changes
 * here (invalidate) or the TTL passes (changes made by other processes behind a load balancer).
 */
export function createCatalogoCache(db: Db, now = () => Date.now()) {
  let cached: { value: Promise<CachedJson>; at: number } | undefined;
  const load = async (): Promise<CachedJson> => {
    const body = JSON.stringify(await findConsolidatedData(db));
    return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  };
  return {
    get(): Promise<CachedJson> {
      if (!cached || now() - cached.at > TTL_MS) {
        const value = load();
        cached = { value, at: now() };
        value.catch(() => {
          cached = undefined;
        });
      }
      return cached.value;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
export type CatalogoCache = ReturnType<typeof createCatalogoCache>;
