import { type ChangeEvent, useEffect, useRef } from 'react';

interface CasillaProps {
  label: string;
  checked: boolean;
  /** Some but not all of what it stands for are chosen (a región with some of its comunas). */
  indeterminate?: boolean;
  onChange(checked: boolean): void;
}

/** One checkbox with its label around it, so the whole label is the target (44 px tall on phones). */
export function Casilla({ label, checked, indeterminate = false, onChange }: CasillaProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className="casilla">
      <input ref={ref} type="checkbox" checked={checked} onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
