import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { claveHeaders } from './clave';
import { type CotizanteGuardado, cotizanteGuardado, type SolicitudGuardada } from './cotizacion-storage';

/** The delivery fields as the API takes them (SPEC §7 crear-cotizante). */
export interface CotizanteBody {
  fecha_entrega: string | null;
  nombre_contacto: string;
  correo_contacto: string;
  telefono_contacto: string;
  direccion_envio: string;
  region: number | null;
  comuna: number | null;
}

type CotizanteRespuesta = Omit<CotizanteGuardado, 'clave' | 'solicitud_id'> & { clave?: string | null; solicitud_id?: number };

const createCotizante = (body: CotizanteBody, solicitud: SolicitudGuardada) =>
  api<CotizanteRespuesta>('/api/cotizaciones/crear-cotizante/', { method: 'POST', body: { ...body, solicitud_id: solicitud.id }, auth: true, headers: claveHeaders(solicitud.clave) });

const editCotizante = (saved: CotizanteGuardado, body: CotizanteBody, solicitud: SolicitudGuardada) =>
  api<CotizanteRespuesta>(`/api/cotizaciones/editar-cotizante/${saved.cotizante_id}/`, {
    method: 'PUT',
    body: { ...body, solicitud_id: solicitud.id },
    auth: true,
    headers: claveHeaders(saved.clave ?? solicitud.clave),
  });

/**
 * SPEC §4.2: creates the request's delivery record, or edits the one saved for this same request.
 * As with the request, a record the server no longer lets us edit (404) is created anew.
 */
export async function saveCotizante({ body, solicitud }: { body: CotizanteBody; solicitud: SolicitudGuardada }): Promise<CotizanteGuardado> {
  const saved = cotizanteGuardado.get();
  const editable = saved && saved.solicitud_id === solicitud.id ? saved : null;
  let res: CotizanteRespuesta;
  try {
    res = editable ? await editCotizante(editable, body, solicitud) : await createCotizante(body, solicitud);
  } catch (error) {
    if (!(editable && error instanceof ApiError && error.status === 404)) throw error;
    res = await createCotizante(body, solicitud);
  }
  const guardado: CotizanteGuardado = {
    ...body,
    ...res,
    solicitud_id: solicitud.id,
    clave: res.clave ?? (editable?.cotizante_id === res.cotizante_id ? editable.clave : null),
  };
  cotizanteGuardado.set(guardado);
  return guardado;
}

export const useSaveCotizante = () => useMutation({ mutationFn: saveCotizante });
