/**
 * The one pricing rule of a supplier's offer (DESIGN §3.2), shared by the comparison engine and
 * by the order (actualizar, crear-orden), so a price the buyer saw is the price the order charges.
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

/**
 * Unit price for `cantidad` units bought from one offer: the price of the highest tier whose
 * limite_inferior ≤ cantidad, else the tarifa. A tier price of 0 is a tier the supplier left
 * blank (docs/producto.md §5 allows "at least 0" in the upload; nobody sells food for free), so it is skipped.
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

/** The cheapest unit price an offer reaches with at most `limite` units (blank tiers skipped). */
export function precioMinimo(oferta: Tarifario, limite: number): number {
  let p = precioUnitario(oferta, 1);
  for (const t of oferta.rangos) if (t.precio > 0 && t.precio < p && Math.ceil(t.limite_inferior) <= limite) p = t.precio;
  return p;
}

/** What `cantidad` units cost at that offer, in whole CLP. */
export const subtotal = (oferta: Tarifario, cantidad: number): number => Math.round(cantidad * precioUnitario(oferta, cantidad));
