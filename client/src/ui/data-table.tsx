import { type ReactNode, useId, useMemo, useState } from 'react';
import { compareEs } from '#common/sort-es';
import { Pagination } from './pagination';
import './ui.css';

export interface Column<T> {
  id: string;
  header: string;
  cell(row: T): ReactNode;
  /** Makes the column sortable by this value (text sorts in Spanish order). */
  sortValue?(row: T): string | number | null | undefined;
  /** How the small screens' sort select names the two directions ('Nombre A-Z'); '(ascendente)' / '(descendente)' when not given. */
  sortLabels?: { asc: string; desc: string };
  /** 'data-table__full' makes the cell span the whole card on small screens, without its label (actions). */
  className?: string;
}

type SortDir = 'asc' | 'desc';
export interface SortState {
  id: string;
  dir: SortDir;
}

interface DataTableProps<T> {
  /** Names the table for screen readers. */
  caption: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey(row: T): string | number;
  /** Rows per page; all on one page when not given. */
  pageSize?: number;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  rowClassName?(row: T): string | undefined;
  /** The one row in edit mode: renderEditor replaces its cells (e.g. inline price editing). */
  editingKey?: string | number | null;
  renderEditor?(row: T): ReactNode;
  initialSort?: SortState | null;
}

function compareValues(a: string | number | null | undefined, b: string | number | null | undefined): number {
  // Missing values go last in both directions' natural reading.
  if (a == null || a === '') return b == null || b === '' ? 0 : 1;
  if (b == null || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareEs(String(a), String(b));
}

/** Sorts stably and pages; the rows' own order stands until the user picks a sort. */
export function sortAndPage<T>(rows: readonly T[], columns: readonly Column<T>[], sort: SortState | null, page: number, pageSize?: number) {
  const column = sort && columns.find((c) => c.id === sort.id);
  const sorted = column?.sortValue
    ? rows
        .map((row, index) => ({ row, index }))
        .sort((x, y) => {
          const byValue = compareValues(column.sortValue!(x.row), column.sortValue!(y.row));
          return (sort!.dir === 'asc' ? byValue : -byValue) || x.index - y.index;
        })
        .map((x) => x.row)
    : [...rows];
  const pageCount = pageSize ? Math.max(1, Math.ceil(sorted.length / pageSize)) : 1;
  const current = Math.min(Math.max(1, page), pageCount);
  const visible = pageSize ? sorted.slice((current - 1) * pageSize, current * pageSize) : sorted;
  return { visible, pageCount, page: current };
}

const nextSort = (sort: SortState | null, id: string): SortState | null =>
  sort?.id !== id ? { id, dir: 'asc' } : sort.dir === 'asc' ? { id, dir: 'desc' } : null;

/**
 * The app's one table: sorting by column headers, paging, one row in edit mode, and at
 * ≤ 768 px (docs/producto.md §9) each row becomes a card with its labels (pure CSS: the same DOM, so the
 * same tests and the same focus order), with a sort select because the headers are hidden.
 */
export function DataTable<T>({
  caption,
  rows,
  columns,
  rowKey,
  pageSize,
  empty,
  rowClassName,
  editingKey,
  renderEditor,
  initialSort = null,
}: DataTableProps<T>) {
  const [sort, setSort] = useState<SortState | null>(initialSort);
  const [page, setPage] = useState(1);
  const sortId = useId();
  const view = useMemo(() => sortAndPage(rows, columns, sort, page, pageSize), [rows, columns, sort, page, pageSize]);
  const sortable = columns.filter((c) => c.sortValue);

  if (rows.length === 0) return <div className="panel empty">{empty}</div>;

  return (
    <div className="data-table">
      {sortable.length > 0 && (
        <div className="data-table__sort-mobile field">
          <label htmlFor={sortId}>Ordenar por</label>
          <select
            id={sortId}
            value={sort ? `${sort.id}:${sort.dir}` : ''}
            onChange={(e) => {
              const [id, dir] = e.target.value.split(':');
              setSort(id ? { id, dir: dir as SortDir } : null);
            }}
          >
            <option value="">Sin ordenar</option>
            {sortable.flatMap((c) => [
              <option key={`${c.id}:asc`} value={`${c.id}:asc`}>
                {c.sortLabels?.asc ?? `${c.header} (ascendente)`}
              </option>,
              <option key={`${c.id}:desc`} value={`${c.id}:desc`}>
                {c.sortLabels?.desc ?? `${c.header} (descendente)`}
              </option>,
            ])}
          </select>
        </div>
      )}
      <table className="data-table__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const dir = sort?.id === c.id ? sort.dir : undefined;
              return (
                <th
                  key={c.id}
                  scope="col"
                  className={c.className}
                  aria-sort={c.sortValue ? (dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none') : undefined}
                >
                  {c.sortValue ? (
                    <button type="button" className="data-table__sort" onClick={() => setSort(nextSort(sort, c.id))}>
                      {c.header}
                      <span aria-hidden="true">{dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ' ↕'}</span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {view.visible.map((row) => {
            const key = rowKey(row);
            const rowClass = ['data-table__row', rowClassName?.(row)].filter(Boolean).join(' ');
            if (renderEditor && editingKey != null && key === editingKey) {
              return (
                <tr key={key} className={`${rowClass} data-table__row--editing`}>
                  <td colSpan={columns.length}>{renderEditor(row)}</td>
                </tr>
              );
            }
            return (
              <tr key={key} className={rowClass}>
                {columns.map((c) => (
                  <td key={c.id} data-label={c.header} className={c.className}>
                    {/* One box per cell, so the card layout's label + value grid holds whatever the cell renders. */}
                    <div className="data-table__value">{c.cell(row)}</div>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {pageSize && <Pagination page={view.page} pageCount={view.pageCount} onChange={setPage} />}
    </div>
  );
}
