import { apiErrorMessage } from '../lib/api-errors';
import './load-error.css';

/**
 * A read that failed, in place of what it would have shown: the server's readable reason or the
 * screen's own message (`fallback`, docs/producto.md §8), and the way to ask again.
 */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry(): void }) {
  return (
    <div className="form-error load-error" role="alert">
      <p>{apiErrorMessage(error, fallback)}</p>
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  );
}
