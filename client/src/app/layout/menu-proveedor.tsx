import { Link, useLocation } from 'react-router';
import { usePedidosPendientes } from '../../features/pedidos/api/pedidos';
import { PendientesBadge, withPendientes } from '../../features/pedidos/components/pendientes-badge';
import { useSession } from '../../lib/session';
import { useMediaQuery } from './use-media-query';

/** An entry of a menu: where it goes, what it says, and when it is the current one. */
export interface Entrada {
  to: string;
  label: string;
  /** Other screens that belong to this entry, so it stays marked there (a pedido belongs to the inbox). */
  section?: string[];
  /** A count beside the label (pedidos waiting for the supplier). */
  count?: number;
}

export const isCurrent = (pathname: string, entrada: Entrada) =>
  pathname === entrada.to || (entrada.section ?? []).some((p) => pathname === p || pathname.startsWith(`${p}-`) || pathname.startsWith(`${p}/`));

/**
 * From this width on, a supplier's workspace is a side menu always in view, and the top bar keeps
 * what is not its work (docs/decisions/024, el menú del proveedor). Below it, ☰ holds everything.
 */
const LATERAL = '(min-width: 1024px)';

/** Whether the supplier's workspace shows as the side menu: a supplier, on a screen wide enough. */
export function useMenuLateral(): boolean {
  const { isAuthenticated, is_proveedor } = useSession();
  const ancho = useMediaQuery(LATERAL);
  return isAuthenticated && is_proveedor && ancho;
}

/**
 * The supplier's workspace, in the order of its day: its summary, the pedidos waiting (with how
 * many), its products, the bulk upload, its delivery terms and its company. `enMenu`: in ☰, the
 * products entry keeps docs/producto.md §2's words, 'Mis Productos de Proveedor'; the side menu,
 * under a 'Tu negocio' heading, says 'Productos'.
 */
export function useEntradasProveedor(enMenu: boolean): Entrada[] {
  const { isAuthenticated, is_proveedor } = useSession();
  const pendientes = usePedidosPendientes(isAuthenticated && is_proveedor);
  return [
    { to: '/panel', label: 'Resumen' },
    { to: '/mis-productos-proovedor', label: enMenu ? 'Mis Productos de Proveedor' : 'Productos' },
    { to: '/pedidos-recibidos', label: 'Pedidos Recibidos', section: ['/pedidos-recibidos'], count: pendientes.data },
    // docs/producto.md §2 names no menu entry for the bulk upload: its title, short.
    { to: '/carga-masiva', label: 'Carga masiva' },
    // Where, when and for how much the supplier delivers.
    { to: '/mis-condiciones', label: 'Condiciones' },
    { to: '/mi-empresa', label: 'Mi empresa' },
  ];
}

/**
 * A menu's link: marked where the user is, its count seen and heard ('Pedidos Recibidos, 3
 * pendientes'). `href`, where it goes when that is more than its screen ('/login?next=…').
 */
export function EnlaceMenu({ entrada, pathname, href, onClick }: { entrada: Entrada; pathname: string; href?: string; onClick?: () => void }) {
  return (
    <Link
      to={href ?? entrada.to}
      aria-current={isCurrent(pathname, entrada) ? 'page' : undefined}
      aria-label={entrada.count ? withPendientes(entrada.label, entrada.count) : undefined}
      onClick={onClick}
    >
      {entrada.label}
      {entrada.count !== undefined && <PendientesBadge count={entrada.count} />}
    </Link>
  );
}

/** The supplier's side menu at ≥ 1024 px (layout.tsx places it; useMenuLateral() says when). */
export function MenuProveedor() {
  const { pathname } = useLocation();
  const entradas = useEntradasProveedor(false);
  return (
    <nav className="menu-lateral" aria-label="Menú del proveedor">
      <div className="menu-lateral__contenido">
        {/* The nav's name says it to a screen reader; this, to the eye. */}
        <p className="menu-lateral__titulo" aria-hidden="true">
          Tu negocio
        </p>
        <ul>
          {entradas.map((e) => (
            <li key={e.to}>
              <EnlaceMenu entrada={e} pathname={pathname} />
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
