import { useEffect, useState } from 'react';
import { SPINNER_DELAY_MS } from '#common/constants';

/** A loading spinner that appears only if the wait lasts longer than 300 ms (docs/producto.md §1), so fast loads never flash. */
export function DelayedSpinner({ label = 'Cargando...' }: { label?: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
