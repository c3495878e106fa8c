import { subtotal } from './precio';

/**
 * The price paid last time (docs/producto.md §16): what a returning buyer compares today's basket
 * with. One rule for the results' total panel and the reminder's e-mail ('−2,1 % que la última vez').
 */

/** The unit price an account last paid for a product (its newest pedido not annulled or rejected), when and to whom. */
export interface UltimoPrecio {
  precio: number;
  /** YYYY-MM-DD, Chile's day the order was placed. */
  fecha: string;
  proveedor: string;
}

/** One product of today's basket: what is bought of it, what that costs today, and its last price if any. */
export interface LineaUltimaVez {
  cantidad: number;
  subtotal: number;
  ultimo_precio: UltimoPrecio | null;
}

export interface ComparacionUltimaVez {
  /** Today's cost of the products bought before (delivery aside). */
  hoy: number;
  /** The same quantities of those products at the prices paid last time. */
  antes: number;
  /** (hoy − antes) / antes: −0.021 is 2,1 % cheaper. */
  variacion: number;
}

/** Today's basket against the same quantities at last time's prices, over the products bought before; null when none was. */
export function compararConUltimaVez(lineas: readonly LineaUltimaVez[]): ComparacionUltimaVez | null {
  let hoy = 0;
  let antes = 0;
  for (const l of lineas) {
    if (!l.ultimo_precio || l.cantidad <= 0) continue;
    hoy += l.subtotal;
    antes += subtotal(l.cantidad, l.ultimo_precio.precio);
  }
  return antes > 0 ? { hoy, antes, variacion: (hoy - antes) / antes } : null;
}

/** A change as a signed percentage with one decimal, es-CL: '−2,1 %', '+3 %', '0 %' (a true minus sign, kept with its figure). */
export function formatVariacion(variacion: number, decimales = 1): string {
  const valor = Math.round(Math.abs(variacion) * 100 * 10 ** decimales) / 10 ** decimales;
  const texto = `${valor.toLocaleString('es-CL', { maximumFractionDigits: decimales })}\u00a0%`;
  return valor === 0 ? texto : `${variacion < 0 ? '\u2212' : '+'}${texto}`;
}
