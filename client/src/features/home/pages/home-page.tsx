import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { SIGNUP_PROVEEDOR } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { toast } from '../../../ui/toast';

// A buyer's lists load after the banner, in a chunk of their own: a visitor's first paint (the
// page's LCP) does not wait for them, nor for the quotation flow's rules they import (docs/decisions/019-primera-pintura.md).
const TusListas = lazy(() => import('../components/tus-listas').then((m) => ({ default: m.TusListas })));

/** Home banner (docs/producto.md §2 "/"): a moderator sees only the moderation button; a buyer, its lists below (§16). */
export default function HomePage() {
  const session = useSession();
  const navigate = useNavigate();

  function subirStock() {
    // docs/producto.md §6: only a logged-in supplier may use the bulk upload.
    if (!session.is_proveedor) return toast.error('Debes estar registrado como proveedor para usar esta funcionalidad');
    navigate('/carga-masiva');
  }

  return (
    <>
      <section className="hero" aria-labelledby="hero-titulo">
        <div className="hero__inner">
          <h1 id="hero-titulo">Abastece tu cocina al mejor precio mayorista</h1>
          <p className="hero__lead">
            Arma tu cotización, compara al instante los precios, rangos por volumen y stock de proveedores de todo Chile, y compra en un solo paso.
          </p>
          <div className="hero__actions">
            {session.is_moderador ? (
              <Link className="btn btn--primary btn--lg" to="/moderacion-productos">
                Moderar productos
              </Link>
            ) : (
              <>
                <Link className="btn btn--primary btn--lg" to="/cotizar">
                  Cotiza ahora
                </Link>
                {/* A visitor is not turned away: they may become a supplier (docs/decisions/017). Until
                  the session has loaded, who is asking is unknown: no answer rather than a wrong one. */}
                {!session.isLoading && !session.isAuthenticated ? (
                  <Link className="btn btn--secondary btn--lg" to={SIGNUP_PROVEEDOR}>
                    Sube tu stock
                  </Link>
                ) : (
                  <button type="button" className="btn btn--secondary btn--lg" onClick={subirStock} disabled={session.isLoading} aria-busy={session.isLoading}>
                    Sube tu stock
                  </button>
                )}
              </>
            )}
          </div>
          <ul className="hero__points">
            <li>Carnes, aves, lácteos, secos y congelados</li>
            <li>Precios por rango desde 100 kg</li>
            <li>Stock y vencimientos al día</li>
          </ul>
        </div>
      </section>
      {session.is_comprador && (
        <Suspense fallback={null}>
          <TusListas />
        </Suspense>
      )}
    </>
  );
}
