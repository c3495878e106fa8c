/**
 * The one pricing rule of a supplier's offer (docs/producto.md §12, El precio; docs/decisions/006):
 * the comparison's engine and solver, actualizar, crear-orden, /facturacion's summary and the
 * results screen all price with it, so a price the buyer saw is the price the order charges.
 */

/** A volume tier the supplier priced: from limite_inferior units on, precio per unit (whole CLP). */
export interface Rango {
  limite_inferior: number;
  precio: number;
}

export interface Tarifario {
  tarifa: number;
  rangos: readonly Rango[];
}

/** What `cantidad` units at `precio` each cost, in whole pesos (half a peso rounds up). */
export const subtotal = (cantidad: number, precio: number): number => Math.round(cantidad * precio);

/**
 * Unit price for `cantidad` units bought from one offer: the price of the highest tier whose
 * limite_inferior ≤ cantidad, else the tarifa. A tier price of 0 is a tier the supplier left
 * blank (docs/producto.md §9 allows tiers "≥ 0"; §12: it does not count), so it is skipped.
 */
export function precioUnitario(oferta: Tarifario, cantidad: number): number {
  let precio = oferta.tarifa;
  let limite = -1;
  for (const t of oferta.rangos) {
    if (t.precio > 0 && t.limite_inferior <= cantidad && t.limite_inferior > limite) {
      precio = t.precio;
      limite = t.limite_inferior;
    }
  }
  return precio;
}

/**
 * Where a priced tier starts, in whole units: a tier from 99,5 applies from 100 on (for a whole q,
 * limite_inferior ≤ q exactly when inicioRango ≤ q, so precioUnitario agrees). A blank tier (precio 0)
 * never starts: +∞, which every "starts at or below" test leaves out.
 */
export const inicioRango = (t: Rango): number => (t.precio > 0 ? Math.ceil(t.limite_inferior) : Number.POSITIVE_INFINITY);

/**
 * Where the priced tiers of an offer start, in (desde, hasta], ascending, each once: the ends of
 * its price stretches, within which the unit price is constant and the cost linear.
 */
export function iniciosRangos(oferta: Tarifario, desde: number, hasta: number): number[] {
  const inicios: number[] = [];
  for (const t of oferta.rangos) {
    const inicio = inicioRango(t);
    if (inicio > desde && inicio <= hasta && !inicios.includes(inicio)) inicios.push(inicio);
  }
  return inicios.sort((a, b) => a - b);
}

/**
 * The cheapest unit price an offer reaches with at most `limite` whole units (blank tiers skipped).
 * `primero` is its price for one unit, passed by a caller that asks for many limits of one offer.
 */
export function precioMinimo(oferta: Tarifario, limite: number, primero = precioUnitario(oferta, 1)): number {
  let p = primero;
  for (const t of oferta.rangos) if (t.precio < p && inicioRango(t) <= limite) p = t.precio;
  return p;
}
