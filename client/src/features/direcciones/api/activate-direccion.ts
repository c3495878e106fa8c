import type { Direccion } from '../../../../../common/schemas/direcciones';
import { api } from '../../../lib/api-client';

/** SPEC §7: POST with an empty body. */
export const activateDireccion = (id: number) => api<Direccion[]>(`/api/cotizaciones/direccion/${id}/activar/`, { method: 'POST', auth: true });
