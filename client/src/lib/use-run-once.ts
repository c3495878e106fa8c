import { useEffect, useRef } from 'react';

/**
 * Runs `effect` once per mount, even when React runs effects twice in development: for
 * single-use links (activation, e-mail confirmation) that must be posted exactly once.
 */
export function useRunOnce(effect: () => void): void {
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount, by design.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    effect();
  }, []);
}
