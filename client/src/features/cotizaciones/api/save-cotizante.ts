import { useMutation } from '@tanstack/react-query';
import type { Cotizante, CotizanteData } from '#common/schemas/cotizaciones';
import { ApiError, api } from '../../../lib/api-client';
import { claveHeaders } from '../../../lib/flujo-cotizacion/clave';
import { type CotizanteGuardado, cotizanteGuardado, type SolicitudGuardada } from '../../../lib/flujo-cotizacion/cotizacion-storage';

/** The delivery fields of the request (docs/producto.md §7 crear-cotizante); solicitud_id is added from the request itself. */
export type CotizanteBody = Omit<CotizanteData, 'solicitud_id'>;

// The clave of the request opens its delivery record too; the record's own, once it has one.
const createCotizante = (body: CotizanteBody, solicitud: SolicitudGuardada) =>
  api<Cotizante>('/api/cotizaciones/crear-cotizante/', {
    method: 'POST',
    body: { ...body, solicitud_id: solicitud.id },
    auth: true,
    headers: claveHeaders(solicitud.clave),
  });

const editCotizante = (saved: CotizanteGuardado, body: CotizanteBody, solicitud: SolicitudGuardada) =>
  api<Cotizante>(`/api/cotizaciones/editar-cotizante/${saved.cotizante_id}/`, {
    method: 'PUT',
    body: { ...body, solicitud_id: solicitud.id },
    auth: true,
    headers: claveHeaders(saved.clave ?? solicitud.clave),
  });

/**
 * docs/producto.md §4.2: creates the request's delivery record, or edits the one saved for this same request.
 * As with the request, a record the server no longer lets us edit (404) is created anew.
 */
export async function saveCotizante({ body, solicitud }: { body: CotizanteBody; solicitud: SolicitudGuardada }): Promise<CotizanteGuardado> {
  const saved = cotizanteGuardado.get();
  const editable = saved && saved.solicitud_id === solicitud.id ? saved : null;
  let res: Cotizante;
  try {
    res = editable ? await editCotizante(editable, body, solicitud) : await createCotizante(body, solicitud);
  } catch (error) {
    if (!(editable && error instanceof ApiError && error.status === 404)) throw error;
    res = await createCotizante(body, solicitud);
  }
  const guardado: CotizanteGuardado = { ...res, solicitud_id: solicitud.id };
  cotizanteGuardado.set(guardado);
  return guardado;
}

export const useSaveCotizante = () => useMutation({ mutationFn: saveCotizante });
