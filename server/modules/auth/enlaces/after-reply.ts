import type { FastifyBaseLogger } from 'fastify';

/**
 * Work left for after a reply, of one app: buildApp makes it, so an app's close waits for its own
 * tasks only (two apps in one process, in tests, never wait on each other's).
 */
export function createAfterReply() {
  const pending = new Set<Promise<void>>();
  /** Wake-ups of the tasks still waiting out their delay: idle() runs them at once. */
  const waiting = new Set<() => void>();
  return {
    /**
     * Runs `work` after the current request has been answered, so the answer takes the same time
     * whatever the work finds (whether an e-mail has an account, say); `delayMs` later still, so
     * the work does not land on the requests that come right after either (a probe sent
     * right after a reset for a known address waited on that reset's e-mail). Failures are logged.
     */
    run(log: FastifyBaseLogger, what: string, work: () => Promise<void>, delayMs = 0): void {
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
    },

    /**
     * Runs every delayed task now and resolves once every task started so far has finished:
     * graceful shutdown waits for it (no e-mail is lost to a delay), tests too.
     */
    async idle(): Promise<void> {
      while (pending.size > 0) {
        for (const wake of [...waiting]) wake();
        await Promise.allSettled([...pending]);
      }
    },
  };
}
export type AfterReply = ReturnType<typeof createAfterReply>;
