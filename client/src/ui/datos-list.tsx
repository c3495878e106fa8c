import type { ReactNode } from 'react';
import './datos-list.css';

/** An empty value says so instead of leaving a blank beside its label. */
const NO_INDICADO = 'No indicado';

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === false || (typeof value === 'string' && !value.trim());

/**
 * Label and value rows of a record (a delivery, billing data), read by screen readers as one named
 * list; a value left empty reads 'No indicado'.
 */
export function DatosList({ label, rows }: { label: string; rows: readonly (readonly [term: string, value: ReactNode])[] }) {
  return (
    <dl className="datos datos-list" aria-label={label}>
      {rows.map(([term, value]) => (
        <div key={term} className="datos__fila">
          <dt>{term}</dt>
          <dd>{isEmpty(value) ? <span className="muted">{NO_INDICADO}</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}
