import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PERFIL_ITEMS } from './perfil-items';

/** Account and address screens: the sidebar repeats the profile items plus 'Mi Perfil' (docs/producto.md §2). */
export function PerfilLayout() {
  const { pathname } = useLocation();
  // An item stays marked on its sub-screens too: /mi-cuenta-editar, /direcciones-agregar, /direcciones-editar…
  const current = (to: string) => (pathname === to || pathname.startsWith(`${to}-`) ? 'page' : undefined);
  const nav = useRef<HTMLElement>(null);
  // On phones the sidebar is one row that scrolls sideways: the current item comes into view (/seguridad is past the edge).
  useEffect(() => {
    if (pathname) nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div className="page perfil-layout">
      <nav ref={nav} className="perfil-sidebar" aria-label="Mi perfil">
        <ul>
          <li>
            <Link to="/mi-perfil">Mi Perfil</Link>
          </li>
          {PERFIL_ITEMS.map((item) => (
            <li key={item.label}>
              <Link to={item.to} aria-current={current(item.to)}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="perfil-layout__content">
        <Outlet />
      </div>
    </div>
  );
}
