import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DiasEntrega, diasEntregaSchemaOut } from '#common/schemas/dias-entrega';
import { api } from '../../../lib/api-client';
import { claveHeaders } from '../../../lib/flujo-cotizacion/clave';
import type { SolicitudGuardada } from '../../../lib/flujo-cotizacion/cotizacion-storage';

const getDiasEntrega = async (solicitud: SolicitudGuardada, comuna: number): Promise<DiasEntrega> =>
  diasEntregaSchemaOut.parse(
    await api<unknown>(`/api/cotizaciones/solicitud/${solicitud.id}/dias-entrega/?comuna=${comuna}`, { auth: true, headers: claveHeaders(solicitud.clave) }),
  );

/**
 * For the request being filled in, how many of its products' suppliers deliver to `comuna` on each
 * of the next 14 days (docs/decisions/027-dias-de-entrega.md); idle until a comuna is chosen. A
 * failed call is not retried: the date field then works as a plain date.
 */
export const useDiasEntrega = (solicitud: SolicitudGuardada, comuna: number | undefined) =>
  useQuery({
    queryKey: ['dias-entrega', solicitud.id, comuna],
    queryFn: () => getDiasEntrega(solicitud, comuna!),
    enabled: comuna !== undefined,
    retry: false,
    placeholderData: keepPreviousData,
    // Cut-offs move with the clock: an answer older than a minute is asked again.
    staleTime: 60_000,
  });
