import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { LoadError } from '../../../ui/load-error';
import { useEmpresa } from '../api/empresa';
import { EmpresaForm } from '../components/empresa-form';
import './mi-empresa.css';

const ERROR_CARGA = 'No se pudieron cargar los datos de tu empresa.';
// As /mis-condiciones says of its terms: without its company a supplier is not compared (docs/decisions/024, 'Visibilidad').
export const EMPRESA_SIN_GUARDAR =
  'Aún no guardas los datos de tu empresa: hasta que los guardes, tus productos no aparecen en las cotizaciones. Completa tu razón social, RUT y giro, que también van en tus órdenes de compra.';

/** /mi-empresa: the supplier's company data (suppliers only; the router guards it; docs/decisions/024). */
export default function MiEmpresaPage() {
  const empresa = useEmpresa();

  return (
    <section className="page mi-empresa">
      <h1>Mi empresa</h1>
      <p className="muted mi-empresa__intro">Los compradores te ven por tu nombre de fantasía; el resto de estos datos va impreso en tus órdenes de compra.</p>
      {empresa.data ? (
        <>
          {!empresa.data.guardada && (
            <p className="panel mi-empresa__aviso" role="status">
              {EMPRESA_SIN_GUARDAR}
            </p>
          )}
          <EmpresaForm inicial={empresa.data} />
        </>
      ) : empresa.isError ? (
        <LoadError error={empresa.error} fallback={ERROR_CARGA} onRetry={() => empresa.refetch()} />
      ) : (
        <DelayedSpinner label="Cargando los datos de tu empresa..." />
      )}
    </section>
  );
}
