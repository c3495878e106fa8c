import { ApiError } from './api-client';

// What the buyer's orders (features/ordenes) and the supplier's pedidos (features/pedidos) share:
// the pedidos' query key and how a record's read is retried (the state change both sides ask for is
// lib/cambio-estado.ts: the menu's count, on every page, loads this file and not that one's schemas).

/** Every query of the supplier's pedidos starts with this key: a state change reads them again. */
export const PEDIDOS_KEY = ['pedidos'] as const;

/**
 * The retry of one record's read (a pedido, an order, a tracking link): a 404 (someone else's, or
 * no such record) is an answer that the screen shows at once, not a failure to try again.
 */
export const retryServerFailures = (failureCount: number, error: unknown) => failureCount < 1 && !(error instanceof ApiError && error.status < 500);
