import { useQuery } from '@tanstack/react-query';
import type { ConsolidatedData, RangoPrecio } from '#common/schemas/catalogo';
import { api } from '../../../lib/api-client';

// The catalogue the quotation pickers offer (docs/producto.md §7). The server answers with an ETag, so a
// revisit costs a 304; within one visit the answer is reused for five minutes.
const CINCO_MINUTOS = 5 * 60 * 1000;

export const getConsolidatedData = () => api<ConsolidatedData>('/api/productos/consolidated-data/');
export const useConsolidatedData = () => useQuery({ queryKey: ['consolidated-data'], queryFn: getConsolidatedData, staleTime: CINCO_MINUTOS });

export const getRangosPrecios = () => api<RangoPrecio[]>('/api/productos/rangosprecios/');
export const useRangosPrecios = () => useQuery({ queryKey: ['rangosprecios'], queryFn: getRangosPrecios, staleTime: CINCO_MINUTOS });
