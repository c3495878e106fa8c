import type { CondicionesDespacho } from '#common/despacho';
import { sumarDias, hoyEnChile } from '#common/fecha';
import { errorFechaEntrega } from '#common/schemas/cotizaciones';
import { COMUNA_INVALIDA, DIAS_ENTREGA_VENTANA, type DiaEntrega, type DiasEntrega, diaPropuesto } from '#common/schemas/dias-entrega';
import type { Db } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import { type Caller, holdOf } from '#server/http/caller';
import { SOLICITUD_NO_ENCONTRADA } from '#server/modules/cotizaciones/cotizaciones.service';
import type { ComparacionCache } from './cache/comparacion-cache';
import { findSolicitudDias } from './comparacion.repository';
import { createEntregas } from './motor/elegibles';
import { type Oferta, ofertaViva } from './motor/ofertas-vivas';

/**
 * The delivery days a buyer can see while filling in a request (docs/decisions/027-dias-de-entrega.md):
 * for each of the next days from today in Chile, how many of the suppliers that sell its products
 * could deliver it to `comunaId` on that day. A supplier counts on a day exactly when the comparison
 * would keep one of its offers for a quotation dated that day (`createEntregas` of motor/elegibles.ts:
 * comuna, weekday, cut-off against `ahora`, lots that outlive the day), so a day offered here is one
 * the results keep that supplier for. Read only: holding the request by its clave takes nothing over.
 */
export async function diasEntrega(
  { db, cache }: { db: Db; cache: Pick<ComparacionCache, 'find'> },
  caller: Caller,
  solicitudId: number,
  comunaId: number,
  ahora: Date,
): Promise<DiasEntrega> {
  const solicitud = await findSolicitudDias(db, solicitudId, comunaId);
  // Ownership first: 404, as for a request that does not exist, before the comuna is judged.
  if (!solicitud || !holdOf(solicitud, caller)) throw notFound(SOLICITUD_NO_ENCONTRADA);
  const { comuna } = solicitud;
  if (!comuna) throw new AppError(400, { comuna: [COMUNA_INVALIDA] });

  const catalogo = await cache.find(solicitud.productoIds);
  const condiciones = new Map<number, CondicionesDespacho>();
  const ofertasPorProducto: Oferta[][] = [];
  for (const { producto, ofertas, condiciones: deProducto } of catalogo.values()) {
    // As the comparison: a product no longer approved or archived has no line, its offers none.
    if (!producto?.disponible) continue;
    ofertasPorProducto.push(ofertas);
    for (const [id, c] of deProducto) condiciones.set(id, c);
  }
  const hoy = hoyEnChile(ahora);
  // The suppliers that sell them: set up (terms saved, ofertasComparables) with stock that outlives today.
  const vendedores = new Set<number>();
  for (const ofertas of ofertasPorProducto) for (const o of ofertas) if (condiciones.has(o.proveedor_id) && ofertaViva(o, hoy)) vendedores.add(o.proveedor_id);

  const dias: DiaEntrega[] = [];
  for (let i = 0; i < DIAS_ENTREGA_VENTANA; i++) {
    const fecha = sumarDias(hoy, i);
    // A day the delivery record refuses (today from noon on, docs/producto.md §5) is one no one delivers.
    dias.push({ fecha, proveedores: errorFechaEntrega(fecha, ahora) ? 0 : proveedoresDelDia(fecha) });
  }
  return { total_proveedores: vendedores.size, dias, propuesta: diaPropuesto(dias, vendedores.size) };

  /** The suppliers of whom the comparison would keep an offer for a quotation delivered on `fecha`. */
  function proveedoresDelDia(fecha: string): number {
    const entregas = createEntregas({ comuna, fecha, hoy, ahora }, (id) => condiciones.get(id));
    const pueden = new Set<number>();
    for (const ofertas of ofertasPorProducto) for (const v of entregas.elegibles(ofertas).vivas) pueden.add(v.proveedor_id);
    return pueden.size;
  }
}
