import './pedidos.css';

/** The menu's count of pedidos waiting for the supplier's answer: a number to see, a phrase to hear ('Pedidos Recibidos, 3 pendientes'). */
export function PendientesBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <>
      <span className="pendientes-badge" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="visually-hidden">, {count === 1 ? '1 pendiente' : `${count} pendientes`}</span>
    </>
  );
}
