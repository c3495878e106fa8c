import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { LoadError } from '../../../ui/load-error';
import { useComunasPorRegion } from '../api/comunas-por-region';
import { useCondiciones } from '../api/condiciones';
import { CondicionesForm } from '../components/condiciones-form';
import './condiciones.css';

const ERROR_CARGA = 'No se pudieron cargar tus condiciones de despacho.';

/** The supplier's delivery terms (suppliers only; the router guards it). */
export default function MisCondicionesPage() {
  const condiciones = useCondiciones();
  const comunas = useComunasPorRegion();
  const error = condiciones.error ?? comunas.error;

  return (
    <section className="page">
      <h1>Condiciones de despacho</h1>
      <p className="muted condiciones__intro">
        Dónde y cuándo despachas, y cuánto cuesta. Tus ofertas se muestran a los compradores de las comunas y para los días en que puedes despachar.
      </p>
      {error && !(condiciones.data && comunas.data) ? (
        <LoadError
          error={error}
          fallback={ERROR_CARGA}
          onRetry={() => {
            if (condiciones.isError) condiciones.refetch();
            comunas.refetch();
          }}
        />
      ) : condiciones.data && comunas.data ? (
        <>
          {!condiciones.data.guardadas && (
            <p className="panel condiciones__aviso" role="status">
              Aún no guardas tus condiciones: hasta que las guardes, tus productos no aparecen en las cotizaciones. Abajo están las condiciones con que partes;
              rigen cuando las guardes.
            </p>
          )}
          <CondicionesForm inicial={condiciones.data} regiones={comunas.data} />
        </>
      ) : (
        <DelayedSpinner label="Cargando tus condiciones..." />
      )}
    </section>
  );
}
