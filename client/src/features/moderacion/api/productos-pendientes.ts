import { useQuery } from '@tanstack/react-query';
import type { ProductoPendiente } from '#common/schemas/moderacion';
import { api } from '../../../lib/api-client';

export const PRODUCTOS_PENDIENTES_KEY = ['productos-pendientes'] as const;

/** docs/producto.md §7 Moderation: the products waiting for a decision. */
export const getProductosPendientes = () => api<ProductoPendiente[]>('/api/productos/productos-pendientes/', { auth: true });

export const useProductosPendientes = () => useQuery({ queryKey: PRODUCTOS_PENDIENTES_KEY, queryFn: getProductosPendientes });
