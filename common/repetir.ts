import { ENTERO_MAXIMO } from './numeros';
import { MAX_FILAS_COTIZACION } from './schemas/cotizaciones-filas';

/**
 * 'Cotizar de nuevo' (docs/producto.md §16): the products and quantities of a list, an order, a
 * quotation or a rejected pedido, carried to /cotizar in its URL (`/cotizar?repetir=12-5,34-20`),
 * so an in-app button and a link in an e-mail open the same filled table.
 */
export const REPETIR_PARAM = 'repetir';

export interface LineaRepetir {
  producto: number;
  cantidad: number;
}

/** The path of /cotizar filled with these lines. */
export const cotizarDeNuevoPath = (lineas: readonly LineaRepetir[]) =>
  `/cotizar?${REPETIR_PARAM}=${lineas.map((l) => `${l.producto}-${l.cantidad}`).join(',')}`;

/** The lines of a `repetir` value; what does not read as 'id-cantidad' (a hand-edited link) is skipped, not guessed. */
export function leerRepetir(valor: string | null): LineaRepetir[] {
  if (!valor) return [];
  const lineas: LineaRepetir[] = [];
  for (const parte of valor.split(',').slice(0, MAX_FILAS_COTIZACION)) {
    const m = /^(\d{1,10})-(\d{1,5}(?:\.\d{1,2})?)$/.exec(parte.trim());
    if (!m) continue;
    const producto = Number(m[1]);
    const cantidad = Number(m[2]);
    if (producto > 0 && producto <= ENTERO_MAXIMO && cantidad > 0 && !lineas.some((l) => l.producto === producto)) lineas.push({ producto, cantidad });
  }
  return lineas;
}

/** A quantity bought or quoted (hundredths) as /cotizar takes it: the whole number at or above it (docs/decisions/022). */
export const cantidadACotizar = (cantidad: number) => Math.ceil(Math.round(cantidad * 100) / 100);

/**
 * The lines 'Cotizar de nuevo' carries for what was bought (an order, a rejected pedido): one per
 * product, its quantities summed (an order may buy one product from several suppliers), rounded up
 * to the whole number /cotizar takes (docs/decisions/022); a line whose product is unknown is left out.
 */
export function lineasARepetir(lineas: ReadonlyArray<{ producto: number | null; cantidad: number }>): LineaRepetir[] {
  const porProducto = new Map<number, number>();
  for (const l of lineas) if (l.producto !== null) porProducto.set(l.producto, (porProducto.get(l.producto) ?? 0) + l.cantidad);
  return [...porProducto].map(([producto, cantidad]) => ({ producto, cantidad: cantidadACotizar(cantidad) }));
}
