import './ui.css';

interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onChange(page: number): void;
  label?: string;
}

/** Previous, numbered pages and next (SPEC §2 supplier list); hidden when everything fits on one page. */
export function Pagination({ page, pageCount, onChange, label = 'Paginación' }: PaginationProps) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="btn btn--ghost" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Anterior
      </button>
      <ul>
        {pages.map((n) => (
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
        ))}
      </ul>
      <button type="button" className="btn btn--ghost" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        Siguiente
      </button>
    </nav>
  );
}
