import type { FastifyBaseLogger } from 'fastify';

const pending = new Set<Promise<void>>();
/** Wake-ups of the tasks still waiting out their delay: afterReplyIdle() runs them at once. */
const waiting = new Set<() => void>();

/**
 * Runs `work` after the current request has been answered, so the answer takes the same time
 * whatever the work finds (whether an e-mail has an account, say); `delayMs` later still, so
 * the work does not land on the requests that come right after either (a probe sent
 * right after a reset for a known address waited on that reset's e-mail). Failures are logged.
 */
export function afterReply(log: FastifyBaseLogger, what: string, work: () => Promise<void>, delayMs = 0): void {
  const started = new Promise<void>((resolve) => {
    if (delayMs <= 0) {
      setImmediate(resolve);
      return;
    }
    const wake = () => {
      clearTimeout(timer);
      waiting.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, delayMs);
    waiting.add(wake);
  });
  const task: Promise<void> = started
    .then(work)
    .catch((error) => log.error({ err: error }, what))
    .finally(() => pending.delete(task));
  pending.add(task);
}

/**
 * Runs every delayed task now and resolves once every task started so far has finished:
 * graceful shutdown waits for it (no e-mail is lost to a delay), tests too.
 */
export async function afterReplyIdle(): Promise<void> {
  while (pending.size > 0) {
    for (const wake of [...waiting]) wake();
    await Promise.allSettled([...pending]);
  }
}
