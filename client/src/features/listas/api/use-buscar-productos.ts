import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MAX_BUSQUEDA, MIN_BUSQUEDA } from '#common/buscar-productos';
import type { ProductoEncontrado } from '#common/schemas/catalogo';
import { api } from '../../../lib/api-client';

export const buscarProductos = (q: string) => api<ProductoEncontrado[]>(`/api/productos/buscar/?${new URLSearchParams({ q })}`);

/** Waits this long after the last key before asking: one request per pause, not per letter. */
const ESPERA_MS = 150;

/**
 * Every product a buyer can quote whose name matches what is typed (2+ characters), best first.
 * The previous answer stays on screen while the next one is on its way.
 */
export function useBuscarProductos(texto: string) {
  const [q, setQ] = useState(texto.trim());
  useEffect(() => {
    const t = setTimeout(() => setQ(texto.trim()), ESPERA_MS);
    return () => clearTimeout(t);
  }, [texto]);
  const activa = q.length >= MIN_BUSQUEDA && q.length <= MAX_BUSQUEDA;
  return useQuery({
    queryKey: ['buscar-productos', q],
    queryFn: () => buscarProductos(q),
    enabled: activa,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
