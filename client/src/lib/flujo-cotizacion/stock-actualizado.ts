/**
 * Ours: the order screen compared the request again after a stock conflict and says
 * so in the navigation state, so the results screen tells the buyer why the options changed.
 */
export const STOCK_ACTUALIZADO = { stockActualizado: true } as const;

export const AVISO_STOCK_ACTUALIZADO = 'Actualizamos las opciones con el stock disponible ahora. Revisa tu selección antes de comprar.';

export const isStockActualizado = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>).stockActualizado === true;
