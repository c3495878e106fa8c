import { useQuery } from '@tanstack/react-query';
import type { CondicionesOut } from '#common/schemas/condiciones';
import { api } from '../../../lib/api-client';

export const CONDICIONES_KEY = ['condiciones'] as const;

/** The signed-in supplier's delivery terms (its defaults until it sets them). */
export const getCondiciones = () => api<CondicionesOut>('/api/proveedor/condiciones/', { auth: true });

export const useCondiciones = () => useQuery({ queryKey: CONDICIONES_KEY, queryFn: getCondiciones });
