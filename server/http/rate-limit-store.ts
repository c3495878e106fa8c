import type { Database } from '../db/client';

/**
 * The store of @fastify/rate-limit that every process on one PostgreSQL shares (issue #23 item 2);
 * undefined on the embedded database (one process: the plugin's own memory store).
 * Placeholder until its implementation lands.
 */
export function sharedRateLimitStore(_database: Database): undefined {
  return undefined;
}
