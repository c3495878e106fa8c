import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { usePedidosPendientes } from '../../features/pedidos/api/pedidos';
import { withPendientes, PendientesBadge } from '../../features/pedidos/components/pendientes-badge';
import { loginConRegreso } from '../../lib/ruta-de-regreso';
import { useLogout, useSession } from '../../lib/session';

interface Item {
  to: string;
  label: string;
  show: boolean;
  /** Other screens that belong to this entry, so it stays marked there (the profile's account and address screens). */
  section?: string[];
  /** A count beside the label (pedidos waiting for the supplier). */
  count?: number;
}

const isCurrent = (pathname: string, item: Item) =>
  pathname === item.to || (item.section ?? []).some((p) => pathname === p || pathname.startsWith(`${p}-`) || pathname.startsWith(`${p}/`));

/**
 * Widths below which the menu collapses to ☰. docs/producto.md §9's mobile layout (768 px) for the short menus
 * (visitor, moderator); the buyer's needs up to about 1,060 px with wide fonts (DejaVu Sans), so it
 * collapses up to 1,100 px rather than wrap onto a second row. The supplier's, with Carga masiva
 * and Pedidos Recibidos with its count, is set a little tighter (topbar--denso) and
 * still needs about 1,290 px there: more than the bar's 1,200 px row, so its last items lean into
 * the page's margin, which is wide enough from about 1,380 px on. With Condiciones it
 * needs about 1,480 px.
 */
const COLLAPSE_SHORT = '(max-width: 768px)';
const COLLAPSE_LONG = '(max-width: 1100px)';
const COLLAPSE_LONGER = '(max-width: 1400px)';
const COLLAPSE_LONGEST = '(max-width: 1500px)';
const collapseQuery = (entries: number) => (entries > 7 ? COLLAPSE_LONGEST : entries > 5 ? COLLAPSE_LONGER : entries > 3 ? COLLAPSE_LONG : COLLAPSE_SHORT);

function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** Top bar and menu exactly as docs/producto.md §2 lists them per role; a toggle opens it on narrow screens. */
export function TopBar() {
  const session = useSession();
  const location = useLocation();
  const { pathname } = location;
  const [open, setOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { isAuthenticated: logged, is_proveedor, is_moderador, is_comprador } = session;
  const pendientes = usePedidosPendientes(logged && is_proveedor);

  const items: Item[] = [
    { to: '/', label: 'Inicio', show: true },
    { to: '/mis-productos-proovedor', label: 'Mis Productos de Proveedor', show: logged && is_proveedor },
    // The supplier's inbox, with how many pedidos wait for an answer.
    { to: '/pedidos-recibidos', label: 'Pedidos Recibidos', show: logged && is_proveedor, section: ['/pedidos-recibidos'], count: pendientes.data },
    // The bulk upload had no way in but the home button. docs/producto.md §2 names no menu entry for it: its title, short.
    { to: '/carga-masiva', label: 'Carga masiva', show: logged && is_proveedor },
    // Where, when and for how much the supplier delivers.
    { to: '/mis-condiciones', label: 'Condiciones', show: logged && is_proveedor },
    { to: '/moderacion-productos', label: 'Moderar Productos', show: logged && is_moderador },
    { to: '/mi-perfil', label: 'Mi Perfil', show: logged && (is_proveedor || is_comprador), section: ['/mi-cuenta', '/direcciones', '/seguridad'] },
    // A buyer's lists (docs/producto.md §16): what it buys every week, quoted again in one click.
    { to: '/listas', label: 'Mis listas', show: logged && is_comprador, section: ['/listas'] },
    { to: '/historial', label: 'Historial Cotizaciones', show: logged && (is_proveedor || is_comprador) },
    { to: '/ordenes', label: 'Órdenes de Compras', show: logged && (is_proveedor || is_comprador) },
    { to: '/login', label: 'Iniciar Sesión', show: !logged },
    { to: '/signup', label: 'Registrarme', show: !logged },
  ];
  const shown = items.filter((i) => i.show);
  const collapsed = useMediaQuery(collapseQuery(shown.length));

  // The open mobile menu closes on Escape (focus back on ☰) and on a click anywhere outside the bar.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (!headerRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const logoutAndGoHome = useLogout();
  function logout() {
    setOpen(false);
    logoutAndGoHome();
  }

  return (
    <header ref={headerRef} className={['topbar', shown.length > 5 && 'topbar--denso', collapsed && 'topbar--plegado'].filter(Boolean).join(' ')}>
      <div className="topbar__inner">
        <Link to="/" className="brand" onClick={() => setOpen(false)}>
          <span className="brand__mark" aria-hidden="true">
            ▲
          </span>
          Abastece
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="topbar__toggle"
          aria-expanded={open}
          aria-controls="menu-principal"
          aria-label={open ? 'Cerrar menú' : 'Abrir menú'}
          onClick={() => setOpen((v) => !v)}
        >
          <span aria-hidden="true">{open ? '✕' : '☰'}</span>
        </button>
        <nav id="menu-principal" aria-label="Menú principal" className={open ? 'menu menu--open' : 'menu'}>
          <ul>
            {shown.map((i) => (
              <li key={i.to}>
                <Link
                  // 'Iniciar Sesión' mid-quotation returns here once logged in (docs/decisions/018-flujos-y-avisos.md).
                  to={i.to !== '/login' ? i.to : pathname === '/login' ? `/login${location.search}` : loginConRegreso(location)}
                  aria-current={isCurrent(pathname, i) ? 'page' : undefined}
                  aria-label={i.count ? withPendientes(i.label, i.count) : undefined}
                  onClick={() => setOpen(false)}
                >
                  {i.label}
                  {i.count !== undefined && <PendientesBadge count={i.count} />}
                </Link>
              </li>
            ))}
            {logged && (
              <li>
                <button type="button" className="menu__logout" onClick={logout}>
                  Cerrar Sesión
                </button>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
