import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loginConRegreso } from '../../lib/ruta-de-regreso';
import { useLogout, useSession } from '../../lib/session';
import { EnlaceMenu, type Entrada, useEntradasProveedor, useMenuLateral } from './menu-proveedor';
import { useMediaQuery } from './use-media-query';

interface Item extends Entrada {
  show: boolean;
}

/**
 * Widths below which the menu collapses to ☰. docs/producto.md §9's mobile layout (768 px) for the short menus
 * (visitor, moderator); the buyer's needs up to about 1,060 px with wide fonts (DejaVu Sans), so it
 * collapses up to 1,100 px rather than wrap onto a second row. A supplier's bar follows its side
 * menu instead (menu-proveedor.tsx): from 1,024 px its workspace is there and the bar keeps four
 * short entries; below, ☰ holds everything.
 */
const COLLAPSE_SHORT = '(max-width: 768px)';
const COLLAPSE_LONG = '(max-width: 1100px)';
const collapseQuery = (entries: number) => (entries > 3 ? COLLAPSE_LONG : COLLAPSE_SHORT);

/** Top bar and menu exactly as docs/producto.md §2 lists them per role; a toggle opens it on narrow screens. */
export function TopBar() {
  const session = useSession();
  const location = useLocation();
  const { pathname } = location;
  const [open, setOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { isAuthenticated: logged, is_proveedor, is_moderador, is_comprador } = session;
  // A supplier's workspace: in the side menu when it shows, else here, behind ☰.
  const lateral = useMenuLateral();
  const espacio = useEntradasProveedor(true).map((e) => ({ ...e, show: logged && is_proveedor && !lateral }));

  const items: Item[] = [
    { to: '/', label: 'Inicio', show: true },
    ...espacio,
    { to: '/moderacion-productos', label: 'Moderar Productos', show: logged && is_moderador },
    { to: '/mi-perfil', label: 'Mi Perfil', show: logged && (is_proveedor || is_comprador), section: ['/mi-cuenta', '/direcciones', '/seguridad'] },
    // A buyer's lists (docs/producto.md §16): what it buys every week, quoted again in one click.
    { to: '/listas', label: 'Mis listas', show: logged && is_comprador, section: ['/listas'] },
    { to: '/historial', label: 'Historial Cotizaciones', show: logged && (is_proveedor || is_comprador) },
    // A supplier's /ordenes are its Pedidos Recibidos (app/ordenes-segun-rol.tsx): the entry is a buyer's.
    { to: '/ordenes', label: 'Órdenes de Compras', show: logged && is_comprador },
    { to: '/login', label: 'Iniciar Sesión', show: !logged },
    { to: '/signup', label: 'Registrarme', show: !logged },
  ];
  const shown = items.filter((i) => i.show);
  const narrow = useMediaQuery(collapseQuery(shown.length));
  const collapsed = narrow || (logged && is_proveedor && !lateral);

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
    <header ref={headerRef} className={collapsed ? 'topbar topbar--plegado' : 'topbar'}>
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
                <EnlaceMenu
                  // 'Iniciar Sesión' mid-quotation returns here once logged in (docs/decisions/018-flujos-y-avisos.md).
                  entrada={i}
                  href={i.to !== '/login' ? i.to : pathname === '/login' ? `/login${location.search}` : loginConRegreso(location)}
                  pathname={pathname}
                  onClick={() => setOpen(false)}
                />
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
