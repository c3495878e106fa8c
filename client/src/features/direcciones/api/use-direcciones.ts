import { useQuery } from '@tanstack/react-query';
import type { Direccion } from '../../../../../common/schemas/direcciones';
import { api } from '../../../lib/api-client';

export const DIRECCIONES_KEY = ['direcciones'] as const;

export const useDirecciones = () => useQuery({ queryKey: DIRECCIONES_KEY, queryFn: () => api<Direccion[]>('/api/cotizaciones/direccion/obtener/', { auth: true }) });
