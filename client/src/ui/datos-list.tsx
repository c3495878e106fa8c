import type { ReactNode } from 'react';
import './datos-list.css';

/** An empty value says so instead of leaving a blank beside its label. */
const NO_INDICADO = 'No indicado';

const isEmpty = (valor: ReactNode) => valor === null || valor === undefined || valor === false || (typeof valor === 'string' && !valor.trim());

/**
 * Label and value rows of a record (a delivery, billing data), read by screen readers as one named
 * list; a value left empty reads 'No indicado'.
 */
export function DatosList({ label, filas }: { label: string; filas: readonly (readonly [campo: string, valor: ReactNode])[] }) {
  return (
    <dl className="datos datos-list" aria-label={label}>
      {filas.map(([campo, valor]) => (
        <div key={campo} className="datos__fila">
          <dt>{campo}</dt>
          <dd>{isEmpty(valor) ? <span className="muted">{NO_INDICADO}</span> : valor}</dd>
        </div>
      ))}
    </dl>
  );
}
