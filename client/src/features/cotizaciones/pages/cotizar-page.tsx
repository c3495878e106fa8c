import { useEffect, useMemo } from 'react';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { toast } from '../../../ui/toast';
import { useConsolidatedData, useRangosPrecios } from '../api/use-catalogo';
import { minimosPorCategoria } from '../../../../../common/schemas/cotizaciones';
import { TablaCotizacion } from '../components/tabla-cotizacion';
import './cotizaciones.css';

/** SPEC §2 /cotizar: the products and quantities of the request. */
export default function CotizarPage() {
  const catalogo = useConsolidatedData();
  const rangos = useRangosPrecios();
  const minimos = useMemo(() => (rangos.data ? minimosPorCategoria(rangos.data) : undefined), [rangos.data]);

  useEffect(() => {
    if (rangos.isError) toast.error('Error al cargar rangos de precios');
  }, [rangos.isError]);

  return (
    <section className="page">
      <h1>Cotizar productos</h1>
      <p className="muted">Elige cada producto y la cantidad que necesitas. Te mostraremos las mejores opciones de nuestros proveedores.</p>
      {catalogo.data ? (
        <TablaCotizacion catalogo={catalogo.data} minimos={minimos} />
      ) : catalogo.isError ? (
        <div className="panel form-error" role="alert">
          <p>No pudimos cargar el catálogo de productos.</p>
          <button type="button" className="btn btn--secondary" onClick={() => catalogo.refetch()}>
            Reintentar
          </button>
        </div>
      ) : (
        <DelayedSpinner label="Cargando productos..." />
      )}
    </section>
  );
}
