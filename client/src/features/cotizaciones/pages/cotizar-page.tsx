import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { toast } from '../../../ui/toast';
import { useConsolidatedData, useRangosPrecios } from '../api/use-catalogo';
import './cotizar-page.css';

/**
 * The table and what it imports (its stylesheet, the rows' rules, zod for the rows kept in
 * session storage: some 35 KB compressed) are not needed to paint the heading and the text
 * under it, the page's largest element and so its LCP: they load while the catalogue does
 * (docs/decisions/019-primera-pintura.md).
 */
const cargarTabla = () => import('../components/tabla-cotizacion');
const TablaCotizacion = lazy(() => cargarTabla().then((m) => ({ default: m.TablaCotizacion })));

/** docs/producto.md §2 /cotizar: the products and quantities of the request. */
export default function CotizarPage() {
  const catalogo = useConsolidatedData();
  const rangos = useRangosPrecios();
  // The table is built in a background render that yields to the browser every few milliseconds,
  // not in one long task when the catalogue arrives (a phone stays responsive while it opens).
  const datos = useDeferredValue(catalogo.data);
  const rangosDatos = useDeferredValue(rangos.data);

  // Once the heading is on screen, the table's code downloads in parallel with the catalogue (in
  // a task of its own: starting some twenty downloads is work too).
  useEffect(() => {
    // A failure is shown when the table itself asks for its code (the route's error page).
    const timer = setTimeout(() => cargarTabla().catch(() => {}));
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (rangos.isError) toast.error('Error al cargar rangos de precios');
  }, [rangos.isError]);

  const cargando = (
    <div className="cotizar-cargando">
      <DelayedSpinner label="Cargando productos..." />
    </div>
  );
  return (
    <section className="page">
      <h1>Cotizar productos</h1>
      <p className="muted">Elige cada producto y la cantidad que necesitas. Te mostraremos las mejores opciones de nuestros proveedores.</p>
      {datos ? (
        <Suspense fallback={cargando}>
          <TablaCotizacion catalogo={datos} rangos={rangosDatos} />
        </Suspense>
      ) : catalogo.isError ? (
        <div className="panel form-error" role="alert">
          <p>No pudimos cargar el catálogo de productos.</p>
          <button type="button" className="btn btn--secondary" onClick={() => catalogo.refetch()}>
            Reintentar
          </button>
        </div>
      ) : (
        cargando
      )}
    </section>
  );
}
