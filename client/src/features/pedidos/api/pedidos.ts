import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EstadoPedido, PedidoDetalle, PedidosPage } from '#common/schemas/pedidos';
import { ApiError, api } from '../../../lib/api-client';

export const PEDIDOS_KEY = ['pedidos'] as const;

export interface PedidosFilter {
  page: number;
  estado?: EstadoPedido;
  q?: string;
}

const queryString = ({ page, estado, q }: PedidosFilter) =>
  new URLSearchParams({ page: String(page), ...(estado ? { estado } : {}), ...(q?.trim() ? { q: q.trim() } : {}) }).toString();

/** GET /api/pedidos/ — one page of the calling supplier's pedidos, newest first. */
export const getPedidos = (filter: PedidosFilter) => api<PedidosPage>(`/api/pedidos/?${queryString(filter)}`, { auth: true });

/** The supplier's inbox; the page shown stays while the next one loads (paging, filtering, searching). */
export const usePedidos = (filter: PedidosFilter) =>
  useQuery({ queryKey: [...PEDIDOS_KEY, 'lista', filter], queryFn: () => getPedidos(filter), placeholderData: keepPreviousData });

/** How many pedidos wait for the supplier's answer (the menu's count), read again every minute. */
export const usePedidosPendientes = (enabled: boolean) =>
  useQuery({
    queryKey: [...PEDIDOS_KEY, 'pendientes'],
    queryFn: async () => (await getPedidos({ page: 1, estado: 'pendiente' })).count,
    enabled,
    refetchInterval: 60_000,
  });

/**
 * The retry of one record's read (a pedido, an order, a tracking link): a 404 (someone else's, or
 * no such record) is an answer that the screen shows at once, not a failure to try again.
 */
export const retryServerFailures = (failureCount: number, error: unknown) => failureCount < 1 && !(error instanceof ApiError && error.status < 500);

/** GET /api/pedidos/{id}/ — for its supplier or the buyer whose order it is. */
export const getPedido = (id: number) => api<PedidoDetalle>(`/api/pedidos/${id}/`, { auth: true });
export const usePedido = (id: number) => useQuery({ queryKey: [...PEDIDOS_KEY, id], queryFn: () => getPedido(id), retry: retryServerFailures });
