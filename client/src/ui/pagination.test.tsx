// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination, pageWindow } from './pagination';

afterEach(cleanup);

/** The window as the pager reads it: numbers, '…' for a gap. */
const shown = (page: number, pageCount: number) => pageWindow(page, pageCount).map((n) => n ?? '…');

describe('pageWindow', () => {
  it('shows every page up to seven', () => {
    expect(shown(1, 1)).toEqual([1]);
    expect(shown(1, 2)).toEqual([1, 2]);
    expect(shown(2, 2)).toEqual([1, 2]);
    for (const page of [1, 4, 7]) expect(shown(page, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('with eight pages, one gap on the side away from the current page', () => {
    expect(shown(1, 8)).toEqual([1, 2, 3, 4, 5, '…', 8]);
    expect(shown(4, 8)).toEqual([1, 2, 3, 4, 5, '…', 8]);
    expect(shown(5, 8)).toEqual([1, '…', 4, 5, 6, 7, 8]);
    expect(shown(8, 8)).toEqual([1, '…', 4, 5, 6, 7, 8]);
  });

  it('with eighteen pages: the first, the last, the current page and its neighbours', () => {
    expect(shown(1, 18)).toEqual([1, 2, 3, 4, 5, '…', 18]);
    expect(shown(2, 18)).toEqual([1, 2, 3, 4, 5, '…', 18]);
    expect(shown(5, 18)).toEqual([1, '…', 4, 5, 6, '…', 18]);
    expect(shown(9, 18)).toEqual([1, '…', 8, 9, 10, '…', 18]);
    expect(shown(14, 18)).toEqual([1, '…', 13, 14, 15, '…', 18]);
    expect(shown(15, 18)).toEqual([1, '…', 14, 15, 16, 17, 18]);
    expect(shown(18, 18)).toEqual([1, '…', 14, 15, 16, 17, 18]);
  });

  it('always takes seven places beyond seven pages, never hides a single page behind a gap, and holds the current page', () => {
    for (const pageCount of [8, 9, 10, 18, 100]) {
      for (let page = 1; page <= pageCount; page++) {
        const items = pageWindow(page, pageCount);
        expect(items).toHaveLength(7);
        expect(items).toContain(page);
        expect([items[0], items.at(-1)]).toEqual([1, pageCount]);
        const numbers = items.filter((n) => n !== null);
        for (let i = 1; i < items.length; i++) {
          if (items[i] === null) expect(items[i + 1]! - items[i - 1]!).toBeGreaterThan(2);
          else if (items[i - 1] !== null) expect(items[i]).toBe(items[i - 1]! + 1);
        }
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      }
    }
  });
});

describe('Pagination', () => {
  const pager = () => screen.getByRole('navigation', { name: 'Paginación' });
  const pageButtons = () =>
    within(pager())
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);

  it('renders nothing for a single page', () => {
    render(<Pagination page={1} pageCount={1} onChange={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('in the middle of 18 pages: buttons for the window, gaps as plain text, the current page marked', () => {
    const onChange = vi.fn();
    render(<Pagination page={9} pageCount={18} onChange={onChange} />);
    expect(pageButtons()).toEqual(['Anterior', 'Página 1', 'Página 8', 'Página 9', 'Página 10', 'Página 18', 'Siguiente']);
    expect(within(pager()).getAllByText('…')).toHaveLength(2);
    for (const gap of within(pager()).getAllByText('…')) expect(gap.closest('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Página 9' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Página 10' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Página 18' }));
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onChange.mock.calls).toEqual([[18], [8], [10]]);
  });

  it('at the start and the end of 18 pages, Anterior and Siguiente are disabled in turn', () => {
    const { rerender } = render(<Pagination page={1} pageCount={18} onChange={() => {}} />);
    expect(pageButtons()).toEqual(['Anterior', 'Página 1', 'Página 2', 'Página 3', 'Página 4', 'Página 5', 'Página 18', 'Siguiente']);
    expect(screen.getByRole('button', { name: 'Anterior' })).toHaveProperty('disabled', true);
    rerender(<Pagination page={18} pageCount={18} onChange={() => {}} />);
    expect(pageButtons()).toEqual(['Anterior', 'Página 1', 'Página 14', 'Página 15', 'Página 16', 'Página 17', 'Página 18', 'Siguiente']);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Página 18' }).getAttribute('aria-current')).toBe('page');
  });

  it('with 7 pages every page is a button and there is no gap', () => {
    render(<Pagination page={4} pageCount={7} onChange={() => {}} />);
    expect(pageButtons()).toHaveLength(9);
    expect(within(pager()).queryByText('…')).toBeNull();
  });
});
