import { useId } from 'react';

interface SearchSortFiltersProps<O extends string> {
  placeholder: string;
  texto: string;
  onTextoChange: (texto: string) => void;
  orden: O | '';
  onOrdenChange: (orden: O | '') => void;
  ordenes: ReadonlyArray<{ id: O; label: string }>;
  className: string;
}

/** The search box and the 'Ordenar por' select above a list (supplier products, moderation). */
export function SearchSortFilters<O extends string>({
  placeholder,
  texto,
  onTextoChange,
  orden,
  onOrdenChange,
  ordenes,
  className,
}: SearchSortFiltersProps<O>) {
  const buscarId = useId();
  const ordenId = useId();
  return (
    <div className={className}>
      <div className="field">
        <label htmlFor={buscarId}>Buscar</label>
        <input id={buscarId} type="search" placeholder={placeholder} value={texto} onChange={(e) => onTextoChange(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ordenId}>Ordenar por</label>
        <select id={ordenId} value={orden} onChange={(e) => onOrdenChange(e.target.value as O | '')}>
          <option value="">Sin ordenar</option>
          {ordenes.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
