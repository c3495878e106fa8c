import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrdenDetalle, OrdenesPage, Seguimiento } from '#common/schemas/pedidos';
import { api } from '../../../lib/api-client';
// Shared with compra, whose crear-orden adds an order to these lists.
import { ORDENES_KEY } from '../../../lib/historial-ordenes';
import { retryServerFailures } from '../../../lib/pedidos';

/** GET /api/ordenes/ — one page of the logged-in buyer's orders, each pedido with its state. */
export const getOrdenes = (page: number) => api<OrdenesPage>(`/api/ordenes/?page=${page}`, { auth: true });
export const useOrdenes = (page: number, enabled = true) =>
  useQuery({ queryKey: [...ORDENES_KEY, 'lista', page], queryFn: () => getOrdenes(page), placeholderData: keepPreviousData, enabled });

/** GET /api/ordenes/{id}/ — the buyer's own order, pedido by pedido. */
export const getOrden = (id: number) => api<OrdenDetalle>(`/api/ordenes/${id}/`, { auth: true });
export const useOrden = (id: number) => useQuery({ queryKey: [...ORDENES_KEY, id], queryFn: () => getOrden(id), retry: retryServerFailures });

/** GET /api/seguimiento/{token}/ — the order for whoever holds its tracking link, no login: states, days, comuna and lines only. */
export const getSeguimiento = (token: string) => api<Seguimiento>(`/api/seguimiento/${encodeURIComponent(token)}/`);
export const useSeguimiento = (token: string) =>
  useQuery({ queryKey: [...ORDENES_KEY, 'seguimiento', token], queryFn: () => getSeguimiento(token), retry: retryServerFailures });
