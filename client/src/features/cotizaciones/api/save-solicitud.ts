import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { claveHeaders } from './clave';
import { type SolicitudGuardada, solicitudGuardada } from './cotizacion-storage';

export interface ProductoSolicitado {
  producto: number;
  cantidad: number;
}

type SolicitudRespuesta = Omit<SolicitudGuardada, 'clave'> & { clave?: string | null };

export const createSolicitud = (productos: ProductoSolicitado[]) => api<SolicitudRespuesta>('/api/cotizaciones/crear-solicitud/', { method: 'POST', body: { productos }, auth: true });

export const editSolicitud = (saved: SolicitudGuardada, productos: ProductoSolicitado[]) =>
  api<SolicitudRespuesta>(`/api/cotizaciones/editar-solicitud/${saved.id}/`, { method: 'PUT', body: { productos }, auth: true, headers: claveHeaders(saved.clave) });

/**
 * SPEC §4.1: creates the request, or edits the one saved in this tab. A saved request the server
 * no longer lets us edit (404: the clave was lost, or the buyer logged in or out since) is
 * replaced by a new one rather than leaving the buyer stuck.
 */
export async function saveSolicitud(productos: ProductoSolicitado[]): Promise<SolicitudGuardada> {
  const saved = solicitudGuardada.get();
  let res: SolicitudRespuesta;
  try {
    res = saved ? await editSolicitud(saved, productos) : await createSolicitud(productos);
  } catch (error) {
    if (!(saved && error instanceof ApiError && error.status === 404)) throw error;
    res = await createSolicitud(productos);
  }
  // An edit may answer without the clave: the one we hold stays valid.
  const guardada: SolicitudGuardada = { id: res.id, fecha_creacion: res.fecha_creacion, detalles: res.detalles, clave: res.clave ?? (saved?.id === res.id ? saved.clave : null) };
  solicitudGuardada.set(guardada);
  return guardada;
}

export const useSaveSolicitud = () => useMutation({ mutationFn: saveSolicitud });
