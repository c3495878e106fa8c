import { useQuery } from '@tanstack/react-query';
import type { Empresa } from '#common/schemas/empresa';
import { api } from '../../../lib/api-client';

export const EMPRESA_KEY = ['proveedor', 'empresa'] as const;

/** The signed-in supplier's company (what it starts from until it saves it: `guardada: false`). */
export const getEmpresa = () => api<Empresa>('/api/proveedor/empresa/', { auth: true });

export const useEmpresa = () => useQuery({ queryKey: EMPRESA_KEY, queryFn: getEmpresa });
