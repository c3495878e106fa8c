import { type ChangeEvent, useEffect, useId, useRef } from 'react';

interface CasillaProps {
  label: string;
  checked: boolean;
  /** Some but not all of what it stands for are chosen (a región with some of its comunas). */
  indeterminate?: boolean;
  /** A word beside the label that tells two alike apart (a comuna's región in a search), read as its description. */
  detalle?: string;
  onChange(checked: boolean): void;
}

/** One checkbox with its label around it, so the whole label is the target (44 px tall on phones). */
export function Casilla({ label, checked, indeterminate = false, detalle, onChange }: CasillaProps) {
  const ref = useRef<HTMLInputElement>(null);
  const detalleId = useId();
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const casilla = (
    <label className="casilla">
      <input
        ref={ref}
        type="checkbox"
        checked={checked}
        aria-describedby={detalle ? detalleId : undefined}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
  if (!detalle) return casilla;
  return (
    <>
      {casilla}
      <span id={detalleId} className="muted">
        {detalle}
      </span>
    </>
  );
}
