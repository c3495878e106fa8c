import { api } from '../../../lib/api-client';

export const deleteDireccion = (id: number) => api<null>(`/api/cotizaciones/direccion/${id}/eliminar/`, { method: 'DELETE', auth: true });
