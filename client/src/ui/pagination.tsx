import './ui.css';

interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onChange(page: number): void;
  label?: string;
}

/** Seven places: the first and last pages, the current one with a neighbour on each side, and a gap on each side. */
const SLOTS = 7;

/**
 * The page numbers to show, `null` for a gap ('…'). Up to seven pages are all shown; beyond, the
 * first, the last, the current page and its neighbours, and near either end the pages up to the
 * fifth from it, so the pager always takes seven places (its buttons do not move under the
 * pointer while paging, and its numbers stay on one line at 375 px) and a gap never hides a single page.
 */
export function pageWindow(page: number, pageCount: number): Array<number | null> {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (pageCount <= SLOTS) return range(1, pageCount);
  const current = Math.min(Math.max(page, 1), pageCount);
  const from = Math.max(Math.min(current - 1, pageCount - 4), 3);
  const to = Math.min(Math.max(current + 1, 5), pageCount - 2);
  return [1, from > 3 ? null : 2, ...range(from, to), to < pageCount - 2 ? null : pageCount - 1, pageCount];
}

/** Previous, numbered pages and next (docs/producto.md §2 supplier list); hidden when everything fits on one page. */
export function Pagination({ page, pageCount, onChange, label = 'Paginación' }: PaginationProps) {
  if (pageCount <= 1) return null;
  const items = pageWindow(page, pageCount);
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="btn btn--ghost pagination__step" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Anterior
      </button>
      <ul>
        {items.map((n, i) =>
          n === null ? (
            // A gap is not a button: the pages it stands for are reached from their neighbours.
            <li key={i < items.length / 2 ? 'gap-before' : 'gap-after'} className="pagination__gap">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className={n === page ? 'pagination__page pagination__page--on' : 'pagination__page'}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Página ${n}`}
                onClick={() => onChange(n)}
              >
                {n}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className="btn btn--ghost pagination__step" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        Siguiente
      </button>
    </nav>
  );
}
