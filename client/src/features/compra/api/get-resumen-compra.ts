import { useQuery } from '@tanstack/react-query';
import type { ResumenCompra } from '#common/schemas/ordenes';
import { api } from '../../../lib/api-client';

interface ResumenArgs {
  cotizacionId: number;
  /** The delivery record the order will copy, as crear-orden will name it. */
  cotizanteId: number | undefined;
  /** The flow's clave header, for an anonymous quotation (docs/decisions/005). */
  headers: Record<string, string> | undefined;
}

/** GET /api/facturacion/{id}/resumen/ — what placing the order will buy, priced as it will be charged. */
export const getResumenCompra = ({ cotizacionId, cotizanteId, headers }: ResumenArgs) =>
  api<ResumenCompra>(`/api/facturacion/${cotizacionId}/resumen/${cotizanteId === undefined ? '' : `?cotizante_id=${cotizanteId}`}`, { auth: true, headers });

/** Read once the buyer's choice is on the server (`enabled`), so the summary is what the order buys. */
export const useResumenCompra = (args: ResumenArgs, enabled: boolean) =>
  useQuery({ queryKey: ['resumen-compra', args.cotizacionId, args.cotizanteId], queryFn: () => getResumenCompra(args), enabled });
