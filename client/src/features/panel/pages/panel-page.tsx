import { hoyEnChile } from '#common/fecha';
import { DelayedSpinner } from '../../../ui/delayed-spinner';
import { LoadError } from '../../../ui/load-error';
import { usePanel } from '../api/panel';
import { LotesPorVencer, PedidosDelDia, PerdidasPorPrecio, SinStock, Ventas } from '../components/el-dia';
import { isOnboardingCompleto, PrimerosPasos } from '../components/primeros-pasos';
import './panel.css';

const ERROR_CARGA = 'No se pudo cargar tu resumen.';

/**
 * /panel: the supplier's home (docs/decisions/025). Its start first, while not done; then its day:
 * pedidos to answer and to dispatch, lots about to expire, offers without stock, sales and what it
 * lost on price. Read again each time it opens, so a company, terms or product saved elsewhere shows.
 */
export default function PanelPage() {
  const panel = usePanel();
  const datos = panel.data;
  return (
    <section className="page panel-proveedor">
      <h1>Resumen</h1>
      {panel.error && !datos ? (
        <LoadError error={panel.error} fallback={ERROR_CARGA} onRetry={() => panel.refetch()} />
      ) : datos ? (
        <div className="panel-dia">
          {!isOnboardingCompleto(datos.onboarding) && <PrimerosPasos onboarding={datos.onboarding} />}
          <PedidosDelDia pendientes={datos.pedidos_pendientes} hoy={datos.por_despachar_hoy} />
          <LotesPorVencer lotes={datos.lotes_por_vencer} hoy={hoyEnChile()} />
          <SinStock ofertas={datos.sin_stock} />
          <PerdidasPorPrecio perdidas={datos.perdidas_por_precio} />
          <Ventas ventas={datos.ventas_30_dias} />
        </div>
      ) : (
        <DelayedSpinner label="Cargando tu resumen..." />
      )}
    </section>
  );
}
