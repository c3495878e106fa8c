import { NavLink, Outlet } from 'react-router';
import { PERFIL_ITEMS } from './perfil-items';

/** Account and address screens: the sidebar repeats the profile items plus 'Mi Perfil' (SPEC §2). */
export function PerfilLayout() {
  return (
    <div className="page perfil-layout">
      <nav className="perfil-sidebar" aria-label="Mi perfil">
        <ul>
          <li>
            <NavLink to="/mi-perfil">Mi Perfil</NavLink>
          </li>
          {PERFIL_ITEMS.map((item) => (
            <li key={item.label}>
              {item.to ? (
                <NavLink to={item.to}>{item.label}</NavLink>
              ) : (
                <span className="perfil-sidebar__soon" aria-disabled="true" title="Próximamente">
                  {item.label}
                </span>
              )}
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
