import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '../ui/toast';
import { apiErrorMessage, parseApiError } from './api-errors';

interface FormErrorOptions<T extends FieldValues> {
  /** The form's fields: a server message for one of them goes under it. */
  fields: readonly Path<T>[];
  /** docs/producto.md §8's failure message of the screen, when the server gives no readable reason. */
  fallback: string;
  /** The toast to show: defaults to apiErrorMessage(error, fallback); null shows none (the reason then stays in the form). */
  toast?: string | null;
  /** The toast's id, so the screen can dismiss it later (a failed login once the next one succeeds). */
  toastId?: string;
}

/** Key of the form-level server error that <FormError> shows above the submit button. */
export const SERVER_ERROR = 'root.server' as const;

/**
 * The one way a form shows a failed submit: each field's server message under its field, the
 * reason that belongs to no field (detail, non_field_errors) in the form's one error spot above
 * the submit button, and a toast. The form-level text is skipped when the toast says the same.
 */
export function showFormErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  { fields, fallback, toast: toastMessage, toastId }: FormErrorOptions<T>,
) {
  const parsed = parseApiError(error);
  let general = parsed.general;
  let onFields = 0;
  for (const [field, message] of Object.entries(parsed.fields)) {
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message });
      onFields++;
    } else general ??= message;
  }
  const shown = toastMessage === undefined ? apiErrorMessage(error, fallback) : toastMessage;
  // Without a toast the form itself must say something, even when the server said nothing readable.
  if (!shown && !general && onFields === 0) general = apiErrorMessage(error, fallback);
  if (general && general !== shown) setError(SERVER_ERROR, { type: 'server', message: general });
  if (shown && toastId) toast.error(shown, { id: toastId });
  else if (shown) toast.error(shown);
}
