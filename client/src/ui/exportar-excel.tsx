import { useId, useState } from 'react';
import { hoyEnChile } from '#common/fecha';
import { apiErrorMessage } from '../lib/api-errors';
import { type Exportable, useDescargarExcel } from '../lib/exportar';
import { useSessionExpiredHandler } from '../lib/session';
import { FechaInput } from './fecha-input';
import { toast } from './toast';
import './exportar-excel.css';

const ERROR_DESCARGA = 'No se pudo descargar el Excel. Inténtalo nuevamente.';

/**
 * 'Descargar Excel' of the supplier's pedidos or the buyer's orders for a range of days, from the
 * first of this month to today unless changed (docs/decisions/026 §Exportar). The server checks
 * the range; its reason ('La fecha desde no puede ser posterior…') comes back as a toast.
 */
export function ExportarExcel({ de }: { de: Exportable }) {
  const hoy = hoyEnChile();
  const [desde, setDesde] = useState(`${hoy.slice(0, 8)}01`);
  const [hasta, setHasta] = useState(hoy);
  const descarga = useDescargarExcel(de);
  const onExpired = useSessionExpiredHandler();
  const desdeId = useId();
  const hastaId = useId();
  const titulo = de === 'pedidos' ? 'Descargar pedidos en Excel' : 'Descargar órdenes en Excel';

  return (
    <form
      className="exportar-excel"
      aria-label={titulo}
      // The calendars offer days up to today; any range is the server's to judge, and its reason is the toast.
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // Not mutate()'s callbacks: they are dropped if the form unmounts meanwhile.
        descarga.mutateAsync({ desde, hasta }).then(
          () => undefined,
          (error) => onExpired(error) || toast.error(apiErrorMessage(error, ERROR_DESCARGA)),
        );
      }}
    >
      <div className="field">
        <label htmlFor={desdeId}>Desde</label>
        <FechaInput id={desdeId} value={desde} onChange={setDesde} max={hoy} calendarioLabel="Abrir calendario de la fecha desde" />
      </div>
      <div className="field">
        <label htmlFor={hastaId}>Hasta</label>
        <FechaInput id={hastaId} value={hasta} onChange={setHasta} max={hoy} calendarioLabel="Abrir calendario de la fecha hasta" />
      </div>
      <button type="submit" className="btn btn--secondary" disabled={descarga.isPending}>
        {descarga.isPending ? 'Descargando...' : 'Descargar Excel'}
      </button>
    </form>
  );
}
