import { Link } from 'react-router';
import { SIGNUP_PROVEEDOR } from '../../lib/roles';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div>
          <strong>Abastece</strong>
          <p>Compras mayoristas de alimentos para restoranes, hoteles y comercios de todo Chile.</p>
        </div>
        <nav aria-label="Enlaces del pie de página">
          <ul>
            <li>
              <Link to="/cotizar">Cotizar</Link>
            </li>
            <li>
              <Link to={SIGNUP_PROVEEDOR}>Vende con nosotros</Link>
            </li>
            <li>
              <a href="mailto:soporte@abastece.cl">soporte@abastece.cl</a>
            </li>
          </ul>
        </nav>
        <p className="footer__copy">© {new Date().getFullYear()} Abastece · Hecho en Chile</p>
      </div>
    </footer>
  );
}
