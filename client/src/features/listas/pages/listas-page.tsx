import { useState } from 'react';
import { useListas } from '../../../lib/listas/listas-api';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { LoadError } from '../../../ui/load-error';
import { CrearLista } from '../components/crear-lista';
import { ListaCard } from '../components/lista-card';
import '../listas.css';

/** docs/producto.md §16 'Mis listas': a buyer's lists, newest first, each quoted again in one click. */
export default function ListasPage() {
  const listas = useListas();
  const [creando, setCreando] = useState(false);

  return (
    <section className="page listas">
      <div className="section-head">
        <h1>Mis listas</h1>
        {!creando && (
          <button type="button" className="btn btn--primary" onClick={() => setCreando(true)}>
            Crear lista
          </button>
        )}
      </div>
      <p className="muted">Lo que compras seguido, con sus cantidades: cotízalo de nuevo con un clic o recíbelo cotizado cada semana.</p>
      {creando && <CrearLista onClose={() => setCreando(false)} />}
      {listas.isPending ? (
        <DelayedSpinner />
      ) : listas.isError ? (
        <LoadError error={listas.error} fallback="No se pudieron cargar tus listas." onRetry={() => listas.refetch()} />
      ) : listas.data.length === 0 ? (
        <div className="panel empty">
          <p>
            <strong>Aún no tienes listas.</strong>
          </p>
          <p>
            Guarda una cotización o una orden como lista con el botón «Guardar como lista» (en Cotizar, en el resultado de tu cotización o en una orden), o crea
            una aquí con «Crear lista».
          </p>
        </div>
      ) : (
        <ul className="entry-list">
          {listas.data.map((l) => (
            <ListaCard key={l.id} lista={l} />
          ))}
        </ul>
      )}
    </section>
  );
}
