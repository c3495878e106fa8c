import { useQuery } from '@tanstack/react-query';
import type { IdNombre } from '#common/schemas/catalogo';
import { api } from '../../../lib/api-client';

/** docs/producto.md §7: GET /api/empresas/metodos-pago/; a lookup that does not change while the app runs. */
export const useMetodosPago = () =>
  useQuery({ queryKey: ['metodos-pago'], queryFn: () => api<IdNombre[]>('/api/empresas/metodos-pago/'), staleTime: Number.POSITIVE_INFINITY });
