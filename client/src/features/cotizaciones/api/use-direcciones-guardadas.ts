import { useQuery } from '@tanstack/react-query';
import { DIRECCIONES_KEY, getDirecciones } from '../../../lib/direcciones-guardadas';

/**
 * A logged-in buyer's saved addresses (docs/producto.md §2 "The active saved address can prefill the form"),
 * through the address screens' own call and query key (lib/direcciones-guardadas.ts). The form copies their fields;
 * the address itself is never edited from here.
 */
export const useDireccionesGuardadas = (enabled: boolean) => useQuery({ queryKey: DIRECCIONES_KEY, queryFn: getDirecciones, enabled, retry: false });
