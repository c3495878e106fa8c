import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { retryServerFailures } from './pedidos';

describe('retryServerFailures', () => {
  it('shows a 404 or another refusal at once: it is the answer', () => {
    for (const status of [401, 403, 404]) expect(retryServerFailures(0, new ApiError(status, {}))).toBe(false);
  });

  it('tries once more after a server or network failure', () => {
    for (const error of [new ApiError(500, {}), new ApiError(503, {}), new TypeError('Failed to fetch')]) {
      expect(retryServerFailures(0, error)).toBe(true);
      expect(retryServerFailures(1, error)).toBe(false);
    }
  });
});
