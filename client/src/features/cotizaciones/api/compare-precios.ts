import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cotizacionGuardada, historialCotizaciones, type SolicitudGuardada } from './cotizacion-storage';

interface ComparacionRespuesta {
  cotizacion_id: number;
  resultados: unknown[];
}

/** SPEC §7: POST comparar-precios with the request's products and its id. */
export const comparePrecios = (solicitud: SolicitudGuardada) =>
  api<ComparacionRespuesta>('/api/cotizaciones/comparar-precios/', {
    method: 'POST',
    body: { productos: solicitud.detalles.map((d) => ({ producto: d.producto_id, cantidad: d.cantidad })), solicitudId: solicitud.id },
    auth: true,
  });

/** SPEC §4.3: keeps the quotation id and results for the results screen and appends the history entry. */
function recordComparacion(solicitud: SolicitudGuardada, res: ComparacionRespuesta) {
  cotizacionGuardada.set({ cotizacion_id: res.cotizacion_id, resultados: res.resultados });
  const productos = solicitud.detalles.map(({ categoria, origen, marca, producto_nombre, unidad, cantidad }) => ({ categoria, origen, marca, producto_nombre, unidad, cantidad }));
  historialCotizaciones.set([...(historialCotizaciones.get() ?? []), { fecha: new Date().toISOString(), productos }]);
}

export const useComparePrecios = () =>
  useMutation({
    mutationFn: comparePrecios,
    onSuccess: (res, solicitud) => recordComparacion(solicitud, res),
  });
