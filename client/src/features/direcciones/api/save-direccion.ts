import type { Direccion, DireccionInput } from '../../../../../common/schemas/direcciones';
import { api } from '../../../lib/api-client';

/** Adds an address, or edits it when an id is given (SPEC §7: agregar/ and {id}/editar/). */
export const saveDireccion = (values: DireccionInput, id?: number) =>
  id === undefined
    ? api<Direccion>('/api/cotizaciones/direccion/agregar/', { method: 'POST', body: { ...values, cotizante_id: '', fecha_entrega: '' }, auth: true })
    : api<Direccion>(`/api/cotizaciones/direccion/${id}/editar/`, { method: 'PUT', body: { ...values, id }, auth: true });
