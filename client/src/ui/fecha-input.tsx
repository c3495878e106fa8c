import { type ComponentProps, type Ref, useEffect, useId, useRef, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { diaMesAnio, isFechaIso, leerDiaMesAnio } from '#common/fecha';
import { a11y, FieldShell } from './fields';
import './fecha-input.css';

type FechaInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type' | 'min' | 'max' | 'ref'> & {
  /** 'YYYY-MM-DD', '' or what was typed that is not a day yet. */
  value: string;
  onChange: (valor: string) => void;
  /** The earliest and latest day the calendar offers (the field's schema says why another is refused). */
  min?: string;
  max?: string;
  /** The calendar button's name: which date it opens, when several share a screen. */
  calendarioLabel?: string;
  compacta?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A date typed and shown day-month-year ('02-12-2026') in every browser: a native date input
 * follows the browser's language, m/d/yyyy in an English one, whatever the page's lang
 * (docs/decisions/017). The button opens the browser's own calendar.
 */
export function FechaInput({ value, onChange, onBlur, min, max, calendarioLabel = 'Abrir calendario', compacta, className, ref, ...input }: FechaInputProps) {
  const [texto, setTexto] = useState(() => diaMesAnio(value));
  const calendario = useRef<HTMLInputElement>(null);
  // A value set from outside (a copied address, a reset form) is shown; one being typed stays as typed.
  useEffect(() => setTexto((t) => (leerDiaMesAnio(t) === value ? t : diaMesAnio(value))), [value]);
  return (
    <span className={compacta ? 'fecha-input fecha-input--compacta' : 'fecha-input'}>
      <input
        {...input}
        ref={ref}
        className={className}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd-mm-aaaa"
        value={texto}
        onChange={(e) => {
          setTexto(e.target.value);
          onChange(leerDiaMesAnio(e.target.value));
        }}
        onBlur={(e) => {
          setTexto(diaMesAnio(leerDiaMesAnio(texto)));
          onBlur?.(e);
        }}
      />
      <button type="button" className="fecha-input__calendario" aria-label={calendarioLabel} onClick={() => calendario.current?.showPicker?.()}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </svg>
      </button>
      <input
        ref={calendario}
        className="fecha-input__nativo"
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={isFechaIso(value) ? value : ''}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
      />
    </span>
  );
}

/** A form's date field (label, FechaInput, error), bound to react-hook-form by name. */
export function FechaField<T extends FieldValues, C, O>({
  control,
  name,
  label,
  hint,
  min,
  max,
}: {
  control: Control<T, C, O>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
  min?: string;
  max?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const error = fieldState.error?.message;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <FechaInput
        {...a11y(id, error, hint)}
        ref={field.ref}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        min={min}
        max={max}
      />
    </FieldShell>
  );
}
