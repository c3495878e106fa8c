import './datos-list.css';

/** Label and value rows of a record (a delivery, billing data), read by screen readers as one named list. */
export function DatosList({ label, filas }: { label: string; filas: readonly (readonly [campo: string, valor: string])[] }) {
  return (
    <dl className="datos datos-list" aria-label={label}>
      {filas.map(([campo, valor]) => (
        <div key={campo} className="datos__fila">
          <dt>{campo}</dt>
          <dd>{valor}</dd>
        </div>
      ))}
    </dl>
  );
}
