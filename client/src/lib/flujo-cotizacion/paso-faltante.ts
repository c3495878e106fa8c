// What a screen of the flow says when it is opened before its step (a bookmark, a tab restored
// after the session storage was cleared, the back button after an order): it sends the buyer to
// /cotizar and says why, instead of a silent jump (docs/decisions/018-flujos-y-avisos.md).

/** /datos-cotizacion and /confirmar-cotizacion without a saved request. */
export const SIN_SOLICITUD = 'Primero elige los productos que quieres cotizar.';

/** /cotizar-resultado and /facturacion without a comparison. */
export const SIN_COTIZACION = 'Primero genera una cotización.';
