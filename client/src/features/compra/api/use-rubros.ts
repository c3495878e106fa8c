import { useQuery } from '@tanstack/react-query';
import type { IdNombre } from '#common/schemas/catalogo';
import { api } from '../../../lib/api-client';

/** docs/producto.md §7: GET /api/facturacion/rubros/; a lookup that does not change while the app runs. */
export const useRubros = () =>
  useQuery({ queryKey: ['rubros'], queryFn: () => api<IdNombre[]>('/api/facturacion/rubros/'), staleTime: Number.POSITIVE_INFINITY });
