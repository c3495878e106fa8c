import { hoyEnChile, sumarDias } from '#common/fecha';
import type { Panel } from '#common/schemas/panel';
import { type Db, readAll } from '#server/db/client';
import { countPedidosDeProveedor } from '#server/modules/pedidos/pedidos.repository';
import { findEstado, findLotesPorVencer, findPerdidasPorPrecio, findSinStock, findVentas } from './panel.repository';

/** How far ahead a lot counts as about to expire, and how far back sales and lost quotations go (docs/producto.md §17). */
export const DIAS_POR_VENCER = 7;
export const DIAS_HACIA_ATRAS = 30;

/**
 * The calling supplier's panel at `ahora` (docs/decisions/025): what waits for it today and where
 * its prices lose. "Today" is the day in Chile; the last 30 days count back from this instant.
 * Independent reads, at once on the pool.
 */
export async function getPanel(db: Db, proveedorId: number, ahora: Date): Promise<Panel> {
  const hoy = hoyEnChile(ahora);
  const desde = new Date(ahora.getTime() - DIAS_HACIA_ATRAS * 86_400_000);
  const [estado, pedidos_pendientes, lotes_por_vencer, sin_stock, ventas_30_dias, perdidas_por_precio] = await readAll(db, [
    () => findEstado(db, proveedorId, hoy),
    // The menu's count, by the same query (GET /api/pedidos/?estado=pendiente).
    () => countPedidosDeProveedor(db, proveedorId, { estado: 'pendiente' }),
    () => findLotesPorVencer(db, proveedorId, hoy, sumarDias(hoy, DIAS_POR_VENCER)),
    () => findSinStock(db, proveedorId),
    () => findVentas(db, proveedorId, desde),
    () => findPerdidasPorPrecio(db, proveedorId, desde),
  ]);
  const { empresa, condiciones, productos, por_despachar_hoy } = estado;
  return {
    // docs/decisions/024: its offers are compared once it has saved both.
    onboarding: { empresa, condiciones, productos, visible: empresa && condiciones },
    pedidos_pendientes,
    por_despachar_hoy,
    lotes_por_vencer,
    sin_stock,
    ventas_30_dias,
    perdidas_por_precio,
  };
}
