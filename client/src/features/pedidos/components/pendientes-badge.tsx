import './pedidos.css';

/**
 * How the menu entry is heard while pedidos wait for the supplier's answer ('Pedidos Recibidos,
 * 3 pendientes'): a whole aria-label, since a visually hidden part reads with a stray space.
 */
export const withPendientes = (label: string, count: number) => (count > 0 ? `${label}, ${count} ${count === 1 ? 'pendiente' : 'pendientes'}` : label);

/** The menu's count of pedidos waiting for the supplier's answer, seen; withPendientes() says it. */
export function PendientesBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="pendientes-badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
