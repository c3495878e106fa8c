import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EstadoPedido, FiltroCobro, PedidoDetalle, PedidosPage } from '#common/schemas/pedidos';
import { api } from '../../../lib/api-client';
import { PEDIDOS_KEY, retryServerFailures } from '../../../lib/pedidos';

export interface PedidosFilter {
  page: number;
  estado?: EstadoPedido;
  q?: string;
  /** 'por_facturar' or 'por_cobrar' (docs/decisions/026). */
  cobro?: FiltroCobro;
}

const queryString = ({ page, estado, q, cobro }: PedidosFilter) =>
  new URLSearchParams({ page: String(page), ...(estado ? { estado } : {}), ...(q?.trim() ? { q: q.trim() } : {}), ...(cobro ? { cobro } : {}) }).toString();

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

/** GET /api/pedidos/{id}/ — for its supplier or the buyer whose order it is. */
export const getPedido = (id: number) => api<PedidoDetalle>(`/api/pedidos/${id}/`, { auth: true });
export const usePedido = (id: number) => useQuery({ queryKey: [...PEDIDOS_KEY, id], queryFn: () => getPedido(id), retry: retryServerFailures });
