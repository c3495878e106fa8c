/**
 * A supplier's delivery terms (issue #22) and the rules every side applies to them: the
 * comparison's solver, actualizar and crear-orden on the server, the results screen as the buyer
 * changes the choice. One copy of each rule, here.
 */

/** What decides what a supplier's part of an order costs delivered. Money is whole CLP. */
export interface TerminosDespacho {
  /** The supplier's part of an order must reach it (0: no minimum). */
  monto_minimo: number;
  costo_despacho: number;
  /** From this subtotal on the delivery is free; null: never free. */
  despacho_gratis_desde: number | null;
}

/** The delivery fee a supplier charges on a part of an order worth `subtotal` (0 when nothing is bought). */
export function costoDespacho(subtotal: number, t: TerminosDespacho): number {
  if (subtotal <= 0) return 0;
  if (t.despacho_gratis_desde !== null && subtotal >= t.despacho_gratis_desde) return 0;
  return t.costo_despacho;
}

/** How much a part of an order worth `subtotal` lacks to reach the supplier's minimum (0 when it does, or buys nothing). */
export const faltaParaMinimo = (subtotal: number, t: TerminosDespacho): number => (subtotal <= 0 ? 0 : Math.max(0, t.monto_minimo - subtotal));
