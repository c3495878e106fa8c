import { type ComponentProps, type ReactNode, useId } from 'react';
import type { FieldErrors } from 'react-hook-form';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** Label, control and its error, wired for screen readers. One way to lay out every form field. */
export function FieldShell({ id, label, error, hint, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The control's side of FieldShell: its error, else its hint, is what a screen reader reads after the label. */
export const a11y = (id: string, error?: string, hint?: ReactNode) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

export function TextField({ label, error, hint, ...input }: FieldProps & ComponentProps<'input'>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input {...input} {...a11y(id, error, hint)} />
    </FieldShell>
  );
}

export function SelectField({ label, error, hint, children, ...select }: FieldProps & ComponentProps<'select'>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <select {...select} {...a11y(id, error, hint)}>
        {children}
      </select>
    </FieldShell>
  );
}

/** A cross-field error (zod path 'non_field_errors', e.g. passwords that differ), shown under the retype field. */
export const nonFieldError = (errors: FieldErrors) => (errors as { non_field_errors?: { message?: string } }).non_field_errors?.message;
