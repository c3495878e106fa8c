import { lazy, Suspense, useState } from 'react';
import { useSession } from '../session';

// The modal and its form (zod, react-hook-form, the name's rule) load on the first click: the
// screens that place the button, /cotizar among them, paint without them (docs/decisions/019).
const GuardarListaModal = lazy(() => import('./guardar-lista-modal'));

export interface GuardarComoListaProps {
  productos: readonly { producto: number; cantidad: number }[];
  disabled?: boolean;
}

/**
 * 'Guardar como lista' (docs/producto.md §16): a button that asks a name and saves these products
 * and quantities as a new list of the logged-in buyer. Shown on /cotizar, /cotizar-resultado and
 * an order. Nothing for a supplier, a moderator or an anonymous visitor: lists are a buyer's
 * (docs/decisions/020-listas.md).
 */
export function GuardarComoLista({ productos, disabled }: GuardarComoListaProps) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (!session.is_comprador) return null;
  return (
    <>
      <button type="button" className="btn btn--secondary" disabled={disabled || productos.length === 0} onClick={() => setOpen(true)}>
        Guardar como lista
      </button>
      {open && (
        <Suspense fallback={null}>
          <GuardarListaModal productos={productos} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
