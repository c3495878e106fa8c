/**
 * 'Guardar como lista' (docs/producto.md §16): a button that asks a name and saves these products
 * and quantities as a new list of the logged-in buyer. Shown on /cotizar, /cotizar-resultado and an order.
 * (Contract for the screens that place it; the lists' engineer builds it.)
 */
export function GuardarComoLista(_props: { productos: readonly { producto: number; cantidad: number }[]; disabled?: boolean }) {
  return null;
}
