import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MAX_BUSQUEDA, MIN_BUSQUEDA } from '#common/buscar-productos';
import type { ProductoEncontrado } from '#common/schemas/catalogo';
import { api } from '../../../lib/api-client';

/** Typing pauses this long before a search is sent: one request per word, not per letter. */
export const ESPERA_BUSQUEDA_MS = 150;
const CINCO_MINUTOS = 5 * 60 * 1000;

export const buscarProductos = (q: string) => api<ProductoEncontrado[]>(`/api/productos/buscar/?q=${encodeURIComponent(q)}`);

/**
 * /cotizar's product box searching the whole catalogue by name (docs/producto.md §16): `texto` as
 * typed, searched once it has 2 characters and the typing paused. While the next answer comes, the
 * previous one stays (`isPlaceholderData`), so the list does not blink at every letter.
 */
export function useBuscarProductos(texto: string) {
  const [q, setQ] = useState(() => texto.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQ(texto.trim()), ESPERA_BUSQUEDA_MS);
    return () => clearTimeout(timer);
  }, [texto]);
  const buscable = q.length >= MIN_BUSQUEDA && q.length <= MAX_BUSQUEDA;
  return useQuery({
    queryKey: ['buscar-productos', q],
    queryFn: () => buscarProductos(q),
    enabled: buscable,
    placeholderData: keepPreviousData,
    staleTime: CINCO_MINUTOS,
  });
}
