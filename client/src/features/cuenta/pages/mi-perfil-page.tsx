import { Link } from 'react-router';
import { rolPerfil } from '../../../lib/roles';
import { useLogout, useSession } from '../../../lib/session';
import { PERFIL_ITEMS, PERFIL_ITEMS_COMPRADOR, PERFIL_ITEMS_PROVEEDOR } from '../components/perfil-items';

export default function MiPerfilPage() {
  const user = useSession().user!;
  const logout = useLogout();
  const items = [...PERFIL_ITEMS, ...(user.is_proveedor ? PERFIL_ITEMS_PROVEEDOR : []), ...(user.is_comprador ? PERFIL_ITEMS_COMPRADOR : [])];

  return (
    <section className="page">
      <div className="perfil-header panel">
        <div className="avatar" aria-hidden="true">
          {user.first_name.charAt(0)}
          {user.last_name.charAt(0)}
        </div>
        <div>
          <h1>Mi Perfil</h1>
          <p className="perfil-header__name">
            {user.first_name} {user.last_name}
          </p>
          <p className="muted">
            <span className="tag">{rolPerfil(user)}</span> {user.email}
          </p>
        </div>
      </div>
      <ul className="perfil-items">
        {items.map((item) => (
          <li key={item.label}>
            <Link className="perfil-item" to={item.to}>
              <span className="perfil-item__icon" aria-hidden="true">
                {item.label.charAt(0)}
              </span>
              <span>
                <strong>{item.label}</strong>
                <small>{item.description}</small>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn--ghost" onClick={logout}>
        Cerrar Sesión
      </button>
    </section>
  );
}
