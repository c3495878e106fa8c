import { useMutation } from '@tanstack/react-query';
import type { SolicitudData } from '#common/schemas/cotizaciones';
import { ApiError, api } from '../../../lib/api-client';
import type { SolicitudGuardada } from '../../../lib/flujo-cotizacion/cotizacion-storage';

/** The rows as the API takes them (common/schemas/cotizaciones.ts). */
export type ProductoSolicitado = SolicitudData['productos'][number];

/**
 * The saved request and its clave are read through the flow's schemas, which /cotizar does not
 * load to open (docs/decisions/019-primera-pintura.md): they are loaded here, on Continuar.
 */
const flujo = () => Promise.all([import('../../../lib/flujo-cotizacion/cotizacion-storage'), import('../../../lib/flujo-cotizacion/clave')]);

export const createSolicitud = (productos: ProductoSolicitado[]) =>
  api<SolicitudGuardada>('/api/cotizaciones/crear-solicitud/', { method: 'POST', body: { productos }, auth: true });

export async function editSolicitud(saved: SolicitudGuardada, productos: ProductoSolicitado[]) {
  const [, { claveHeaders }] = await flujo();
  return api<SolicitudGuardada>(`/api/cotizaciones/editar-solicitud/${saved.id}/`, {
    method: 'PUT',
    body: { productos },
    auth: true,
    headers: claveHeaders(saved.clave),
  });
}

/**
 * docs/producto.md §4.1: creates the request, or edits the one saved in this tab. A saved request the server
 * no longer lets us edit (404: the clave was lost, or the buyer logged in or out since) is
 * replaced by a new one rather than leaving the buyer stuck.
 */
export async function saveSolicitud(productos: ProductoSolicitado[]): Promise<SolicitudGuardada> {
  const [{ solicitudGuardada }] = await flujo();
  const saved = solicitudGuardada.get();
  let res: SolicitudGuardada;
  try {
    res = saved ? await editSolicitud(saved, productos) : await createSolicitud(productos);
  } catch (error) {
    if (!(saved && error instanceof ApiError && error.status === 404)) throw error;
    res = await createSolicitud(productos);
  }
  solicitudGuardada.set(res);
  return res;
}

export const useSaveSolicitud = () => useMutation({ mutationFn: saveSolicitud });
