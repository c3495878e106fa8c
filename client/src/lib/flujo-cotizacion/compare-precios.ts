import { useMutation } from '@tanstack/react-query';
import type { CompararPrecios } from '#common/schemas/comparacion';
import { api } from '../api-client';
import { useSession } from '../session';
import { claveHeaders } from './clave';
import { cotizacionGuardada, historialCotizaciones, type SolicitudGuardada } from './cotizacion-storage';

/** What a comparison is asked for: the request and, from the results, the cap on suppliers ('Menos proveedores', docs/decisions/014; null: none). */
export interface PedidoComparacion {
  solicitud: SolicitudGuardada;
  maxProveedores?: number | null;
}

/** docs/producto.md §7: POST comparar-precios with the request's products and its id (and the cap, when there is one). */
export const comparePrecios = ({ solicitud, maxProveedores = null }: PedidoComparacion) =>
  api<CompararPrecios>('/api/cotizaciones/comparar-precios/', {
    method: 'POST',
    body: {
      productos: solicitud.detalles.map((d) => ({ producto: d.producto_id, cantidad: d.cantidad })),
      solicitudId: solicitud.id,
      ...(maxProveedores === null ? {} : { max_proveedores: maxProveedores }),
    },
    auth: true,
    // An anonymous request is compared by whoever holds its clave (docs/decisions/005).
    headers: claveHeaders(solicitud.clave),
  });

/**
 * docs/producto.md §4.3: keeps the quotation id and results for the results screen and appends the
 * history entry, marked with the account that made it (whose /historial reads it from the server).
 */
function recordComparacion(solicitud: SolicitudGuardada, res: CompararPrecios, usuarioId: number | undefined) {
  cotizacionGuardada.set(res);
  const productos = solicitud.detalles.map(({ producto_id, categoria, origen, marca, producto_nombre, unidad, cantidad }) => ({
    producto: producto_id,
    categoria,
    origen,
    marca,
    producto_nombre,
    unidad,
    cantidad,
  }));
  const entrada = { cotizacion_id: res.cotizacion_id, fecha: new Date().toISOString(), productos, usuario_id: usuarioId };
  historialCotizaciones.set([...(historialCotizaciones.get() ?? []), entrada]);
}

/** The cap the stored comparison was made with, for a comparison made again on its behalf (/facturacion after a stock refusal). */
export const topeGuardado = () => cotizacionGuardada.get()?.tope?.max_proveedores ?? null;

export function useComparePrecios() {
  const usuarioId = useSession().user?.id;
  return useMutation({
    mutationFn: comparePrecios,
    onSuccess: (res, { solicitud }) => recordComparacion(solicitud, res, usuarioId),
  });
}
