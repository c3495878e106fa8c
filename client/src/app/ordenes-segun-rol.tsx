import OrdenesPage from '../features/ordenes/pages/ordenes-page';
import PedidosRecibidosPage from '../features/pedidos/pages/pedidos-recibidos-page';
import { useSession } from '../lib/session';
import { DelayedSpinner } from '../ui/delayed-spinner';

/**
 * /ordenes, docs/producto.md §2 Order history. A supplier places no orders, so its 'Órdenes de
 * Compras' are the pedidos it received; the two features meet here, as features do only in app/.
 */
export default function OrdenesSegunRol() {
  const session = useSession();
  // The role decides which list is asked for: none before the user is known.
  if (session.isLoading) return <DelayedSpinner />;
  if (session.is_proveedor && !session.is_comprador) return <PedidosRecibidosPage />;
  return <OrdenesPage />;
}
