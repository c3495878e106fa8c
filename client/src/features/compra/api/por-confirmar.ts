import { z } from '#common/zod-es';
import { historialOrdenSchema } from '../../../lib/historial-ordenes';
import { storedList } from '../../../lib/storage';

// An order placed without an account waits for the link e-mailed to its contact (docs/decisions/007,
// 'Órdenes sin cuenta'). Its billing names stay in this browser meanwhile, so that confirming it
// here writes the order history entry (docs/producto.md §3 historialOrdenes) as a placed order always did.

const pendienteSchema = z.object({
  cotizacion_id: z.number().int().positive(),
  datos_facturacion: historialOrdenSchema.shape.datos_facturacion,
});

/** Unconfirmed orders lapse in 30 minutes and 3 may wait per address: a handful of entries is plenty. */
const pendientes = storedList('local', 'ordenesPorConfirmar', pendienteSchema, 20);

export const porConfirmar = {
  add(cotizacionId: number, datos: z.infer<typeof pendienteSchema>['datos_facturacion']) {
    const otras = (pendientes.get() ?? []).filter((p) => p.cotizacion_id !== cotizacionId);
    pendientes.set([...otras, { cotizacion_id: cotizacionId, datos_facturacion: datos }]);
  },
  /** The billing names of the quotation's order placed in this browser, once: the entry is removed. */
  take(cotizacionId: number) {
    const todas = pendientes.get() ?? [];
    pendientes.set(todas.filter((p) => p.cotizacion_id !== cotizacionId));
    return todas.find((p) => p.cotizacion_id === cotizacionId)?.datos_facturacion;
  },
};
