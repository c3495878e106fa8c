import { useId } from 'react';
import type { RegionConComunas } from '../api/comunas-por-region';
import { Casilla } from './casilla';

interface Props {
  regiones: RegionConComunas[];
  value: number[];
  onChange(comunas: number[]): void;
  error?: string;
}

/** Issue #22: the comunas a supplier delivers to, grouped by región, each with 'Toda la región'. */
export function ComunasField({ regiones, value, onChange, error }: Props) {
  const errorId = useId();
  const elegidas = new Set(value);
  const todas = regiones.flatMap((r) => r.comunas.map((c) => c.id));
  const cuantas = (ids: number[]) => ids.filter((id) => elegidas.has(id)).length;
  function marcar(ids: number[], on: boolean) {
    const s = new Set(elegidas);
    for (const id of ids) {
      if (on) s.add(id);
      else s.delete(id);
    }
    onChange([...s].sort((a, b) => a - b));
  }
  const enTotal = cuantas(todas);

  return (
    <fieldset className="condiciones__seccion panel" aria-describedby={error ? errorId : undefined}>
      <legend>Comunas a las que despachas</legend>
      <div className="condiciones__todas">
        <Casilla
          label="Todas las comunas de Chile"
          checked={enTotal === todas.length}
          indeterminate={enTotal > 0 && enTotal < todas.length}
          onChange={(on) => marcar(todas, on)}
        />
        <span className="muted">
          {enTotal} de {todas.length} comunas
        </span>
      </div>
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
      <ul className="condiciones__regiones">
        {regiones.map((r) => {
          const ids = r.comunas.map((c) => c.id);
          const n = cuantas(ids);
          return (
            <li key={r.id}>
              <fieldset className="condiciones__region">
                <legend>{r.nombre}</legend>
                <Casilla label="Toda la región" checked={n === ids.length} indeterminate={n > 0 && n < ids.length} onChange={(on) => marcar(ids, on)} />
                <details>
                  <summary>
                    {n} de {ids.length} comunas
                  </summary>
                  <ul className="condiciones__comunas">
                    {r.comunas.map((c) => (
                      <li key={c.id}>
                        <Casilla label={c.nombre} checked={elegidas.has(c.id)} onChange={(on) => marcar([c.id], on)} />
                      </li>
                    ))}
                  </ul>
                </details>
              </fieldset>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
