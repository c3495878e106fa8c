import { Link } from 'react-router';
import { useCotizarLista } from '../../../lib/listas/cotizar-lista';
import { useListas } from '../../../lib/listas/listas-api';

/** How many lists the home page offers; the rest are one click away on /listas. */
const EN_INICIO = 4;

/**
 * A returning buyer's lists under the banner (docs/producto.md §16), each quoted again in one click:
 * the weekly order starts here, not row by row on /cotizar. Nothing while they load or when there is none.
 */
export function TusListas() {
  const listas = useListas();
  const cotizar = useCotizarLista();
  if (!listas.data?.length) return null;
  return (
    <section className="page tus-listas" aria-labelledby="tus-listas-titulo">
      <div className="section-head">
        <h2 id="tus-listas-titulo">Tus listas</h2>
        <Link to="/listas">Ver mis listas</Link>
      </div>
      <ul className="tus-listas__items">
        {listas.data.slice(0, EN_INICIO).map((lista) => {
          const disponibles = lista.productos.filter((p) => p.disponible).length;
          return (
            <li key={lista.id} className="panel tus-listas__item">
              <strong>{lista.nombre}</strong>
              <span className="muted">{disponibles === 1 ? '1 producto' : `${disponibles} productos`}</span>
              <button
                type="button"
                className="btn btn--primary"
                disabled={disponibles === 0}
                aria-label={`Cotizar la lista ${lista.nombre}`}
                onClick={() => cotizar(lista)}
              >
                Cotizar esta lista
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
