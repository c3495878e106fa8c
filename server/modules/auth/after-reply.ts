import type { FastifyBaseLogger } from 'fastify';

const pending = new Set<Promise<void>>();

/**
 * Runs `work` after the current request has been answered, so the answer takes the same time
 * whatever the work finds (whether an e-mail has an account, say). Failures are logged.
 */
export function afterReply(log: FastifyBaseLogger, what: string, work: () => Promise<void>): void {
  const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error) => log.error({ err: error }, what))
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Resolves once every task started so far has finished: graceful shutdown waits for it, tests too. */
export async function afterReplyIdle(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
