import { useEffect, useId, useState } from 'react';
import { unidadCorta } from '#common/format';
import { a11y } from '../../../ui/fields';
import { errorCantidad } from './cantidad';

interface CantidadEnLineaProps {
  /** Names the field for a screen reader: 'Cantidad de Lomo vetado'. */
  label: string;
  cantidad: number;
  unidad: string;
  /** Saves a new quantity; resolves with the server's message for this row when it refused it. */
  onGuardar(cantidad: number): Promise<string | undefined>;
}

/**
 * A list's quantity, edited where it is shown: it saves when the field is left or on Enter, with
 * /cotizar's rule checked first (a whole number from 1 to 9999) and the category's minimum by the server.
 */
export function CantidadEnLinea({ label, cantidad, unidad, onGuardar }: CantidadEnLineaProps) {
  const id = useId();
  const [texto, setTexto] = useState(String(cantidad));
  const [error, setError] = useState<string | undefined>();
  const [guardando, setGuardando] = useState(false);
  // A save (this one or another of the list) brings the stored quantity back.
  useEffect(() => setTexto(String(cantidad)), [cantidad]);

  async function guardar() {
    if (texto.trim() === String(cantidad)) return setError(undefined);
    const problema = errorCantidad(texto);
    setError(problema);
    if (problema) return;
    setGuardando(true);
    const rechazo = await onGuardar(Number(texto));
    setGuardando(false);
    setError(rechazo);
  }

  return (
    <div className={error ? 'lista-cantidad field--error' : 'lista-cantidad'}>
      <span className="lista-cantidad__campo">
        <input
          {...a11y(id, error)}
          type="text"
          inputMode="numeric"
          aria-label={label}
          value={texto}
          aria-busy={guardando || undefined}
          onChange={(e) => setTexto(e.target.value)}
          onBlur={guardar}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void guardar();
            }
            if (e.key === 'Escape') {
              setTexto(String(cantidad));
              setError(undefined);
            }
          }}
        />
        <span className="muted">{unidadCorta(unidad, Number(texto) || cantidad)}</span>
      </span>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
