import type { IncomingMessage } from 'node:http';

/** How a request body must keep arriving: some byte every `idleMs`, and from `graceMs` on, `minBytesPerS` on average. */
export interface BodyPace {
  idleMs: number;
  minBytesPerS: number;
  graceMs: number;
}

/**
 * Watches a request body as it is read (docs/decisions/012, "Cuerpos lentos"): `stalled` rejects
 * with `error()` once no byte came for `idleMs`, or once, `graceMs` after the watch began, fewer
 * than `minBytesPerS` a second have come on average. `stop()` ends the watch (it never rejects
 * after). Start it in the same turn of the loop as whatever reads the body: a 'data' listener
 * sets the stream flowing, and a reader added a turn later would miss what came between.
 */
export function watchBodyPace(raw: IncomingMessage, pace: BodyPace, error: () => Error) {
  const start = performance.now();
  let last = start;
  let bytes = 0;
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    last = performance.now();
  };
  raw.on('data', onData);
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    clearInterval(timer);
    raw.off('data', onData);
  };
  const stalled = new Promise<never>((_, reject) => {
    timer = setInterval(
      () => {
        const now = performance.now();
        const tooSlow = now - start >= pace.graceMs && (bytes * 1000) / (now - start) < pace.minBytesPerS;
        if (now - last < pace.idleMs && !tooSlow) return;
        stop();
        reject(error());
      },
      Math.min(1_000, pace.idleMs / 4),
    );
  });
  // Whoever races it handles its rejection; a watch nobody awaits must not crash the process.
  stalled.catch(() => {});
  return { stalled, stop };
}
