// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DelayedSpinner } from './delayed-spinner';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DelayedSpinner', () => {
  it('shows nothing during the first 300 ms, then the spinner (docs/producto.md §1)', () => {
    render(<DelayedSpinner />);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('Cargando...');
  });

  it('never appears when the wait ends before 300 ms', () => {
    const { unmount } = render(<DelayedSpinner />);
    act(() => vi.advanceTimersByTime(250));
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
