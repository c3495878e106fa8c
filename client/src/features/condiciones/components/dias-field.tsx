import { useId } from 'react';
import { DIAS_SEMANA } from '#common/despacho';
import { Casilla } from './casilla';

const mayuscula = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The ISO weekdays a supplier delivers on (1 = lunes). */
export function DiasField({ value, onChange, error }: { value: number[]; onChange(dias: number[]): void; error?: string }) {
  const errorId = useId();
  const elegidos = new Set(value);
  return (
    <fieldset className="condiciones__dias" aria-describedby={error ? errorId : undefined}>
      <legend>Días de despacho</legend>
      <ul>
        {DIAS_SEMANA.map((nombre, i) => (
          <li key={nombre}>
            <Casilla
              label={mayuscula(nombre)}
              checked={elegidos.has(i + 1)}
              onChange={(on) => onChange(on ? [...elegidos, i + 1].sort((a, b) => a - b) : value.filter((d) => d !== i + 1))}
            />
          </li>
        ))}
      </ul>
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
