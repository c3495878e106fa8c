import type { ComponentProps, ReactNode } from 'react';
import './ui.css';

interface SubmitButtonProps extends ComponentProps<'button'> {
  /** True while the form's mutation runs. */
  busy: boolean;
  /** What the button reads while busy (docs/producto.md §2: 'Subiendo...'); the label itself when not given. */
  busyLabel?: string;
  children: ReactNode;
}

/**
 * The one busy state of every form's submit button (and of any button that starts a write, with
 * type="button"): disabled, a spinner and aria-busy while the write runs.
 */
export function SubmitButton({ busy, busyLabel, children, className = 'btn btn--primary', disabled, type = 'submit', ...button }: SubmitButtonProps) {
  return (
    <button type={type} className={className} disabled={busy || disabled} aria-busy={busy || undefined} {...button}>
      {busy && <span className="btn__spinner" aria-hidden="true" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

/**
 * A form's one spot for an error that belongs to no field (the server's detail or
 * non_field_errors), right above its submit button. Field errors stay under their field.
 */
export function FormError({ message, children }: { message?: string; children?: ReactNode }) {
  if (!message && !children) return null;
  return (
    <div className="form-error" role="alert">
      {message && <p>{message}</p>}
      {children}
    </div>
  );
}
