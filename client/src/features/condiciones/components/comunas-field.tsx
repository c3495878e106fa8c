import { useId, useState } from 'react';
import { matchesWords, searchWords } from '#common/search-es';
import type { RegionConComunas } from '../api/comunas-por-region';
import { Casilla } from './casilla';

interface Props {
  regiones: RegionConComunas[];
  value: number[];
  onChange(comunas: number[]): void;
  error?: string;
}

/**
 * The comunas a supplier delivers to, grouped by región, each with 'Toda la región'. A
 * search (accents and case aside) lists the comunas that match across régiones, so one comuna of
 * 346 is a few keystrokes away instead of inside a región's list.
 */
export function ComunasField({ regiones, value, onChange, error }: Props) {
  const errorId = useId();
  const buscarId = useId();
  const [busqueda, setBusqueda] = useState('');
  const palabras = searchWords(busqueda);
  const encontradas =
    palabras.length === 0 ? [] : regiones.flatMap((r) => r.comunas.filter((c) => matchesWords(c.nombre, palabras)).map((c) => ({ ...c, region: r.nombre })));
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
      <div className="field condiciones__buscar">
        <label htmlFor={buscarId}>Buscar comuna</label>
        <input
          id={buscarId}
          type="search"
          placeholder="Ej: Puerto Montt"
          value={busqueda}
          onChange={(e) => setBusqueda(e.target.value)}
          // Enter (a phone keyboard's 'Buscar') would submit the form around it: it saves nothing here.
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
      </div>
      {/* Always there, so a screen reader hears each count as the search changes. */}
      <p className="muted condiciones__encontradas-cuenta" role="status">
        {palabras.length === 0
          ? ''
          : encontradas.length === 0
            ? 'Ninguna comuna coincide con tu búsqueda.'
            : `${encontradas.length} ${encontradas.length === 1 ? 'comuna encontrada' : 'comunas encontradas'}`}
      </p>
      {palabras.length > 0 ? (
        encontradas.length > 0 && (
          <ul className="condiciones__comunas condiciones__encontradas" aria-label="Comunas encontradas">
            {encontradas.map((c) => (
              <li key={c.id}>
                <Casilla label={c.nombre} detalle={c.region} checked={elegidas.has(c.id)} onChange={(on) => marcar([c.id], on)} />
              </li>
            ))}
          </ul>
        )
      ) : (
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
      )}
    </fieldset>
  );
}
