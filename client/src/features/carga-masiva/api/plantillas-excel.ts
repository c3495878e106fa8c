import { useQuery } from '@tanstack/react-query';
import type { Plantillas } from '#common/schemas/proveedor-carga';
import { api } from '../../../lib/api-client';

/** docs/producto.md §7: GET plantillas-excel (authorized): both templates as base64 and the category names. */
export const fetchPlantillasExcel = () => api<Plantillas>('/api/productos/plantillas-excel/', { auth: true });

/**
 * The registered-products template changes with every confirmation, so it is fetched again after
 * each one (the confirm mutations invalidate this key) instead of being kept for the session.
 */
export const PLANTILLAS_EXCEL_KEY = ['proveedor', 'plantillas-excel'] as const;

export const usePlantillasExcel = () => useQuery({ queryKey: PLANTILLAS_EXCEL_KEY, queryFn: fetchPlantillasExcel, retry: false });
