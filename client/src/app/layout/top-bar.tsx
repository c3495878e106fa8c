import { useState } from 'react';
import { NavLink } from 'react-router';
import { useLogout, useSession } from '../../lib/session';

interface Item {
  to: string;
  label: string;
  show: boolean;
}

/** Top bar and menu exactly as SPEC §2 lists them per role; a toggle opens it on narrow screens. */
export function TopBar() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const { isAuthenticated: logged, is_proveedor, is_moderador, is_comprador } = session;

  const items: Item[] = [
    { to: '/', label: 'Inicio', show: true },
    { to: '/mis-productos-proovedor', label: 'Mis Productos de Proveedor', show: logged && is_proveedor },
    { to: '/moderacion-productos', label: 'Moderar Productos', show: logged && is_moderador },
    { to: '/mi-perfil', label: 'Mi Perfil', show: logged && (is_proveedor || is_comprador) },
    { to: '/historial', label: 'Historial Cotizaciones', show: logged && (is_proveedor || is_comprador) },
    { to: '/ordenes', label: 'Órdenes de Compras', show: logged && (is_proveedor || is_comprador) },
    { to: '/login', label: 'Iniciar Sesión', show: !logged },
    { to: '/signup', label: 'Registrarme', show: !logged },
  ];

  const logoutAndGoHome = useLogout();
  function logout() {
    setOpen(false);
    logoutAndGoHome();
  }

  return (
    <header className="topbar">
      <div className="topbar__inner">
        <NavLink to="/" className="brand" onClick={() => setOpen(false)}>
          <span className="brand__mark" aria-hidden="true">
            ▲
          </span>
          Abastece
        </NavLink>
        <button
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
            {items
              .filter((i) => i.show)
              .map((i) => (
                <li key={i.to}>
                  <NavLink to={i.to} end={i.to === '/'} onClick={() => setOpen(false)}>
                    {i.label}
                  </NavLink>
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
