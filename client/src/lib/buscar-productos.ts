import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BUSQUEDA_CORTA, BUSQUEDA_LARGA, MAX_BUSQUEDA, MIN_BUSQUEDA } from '#common/buscar-productos';
import type { ProductoEncontrado } from '#common/schemas/catalogo';
import type { ComboboxOption } from '../ui/combobox';
import { api } from './api-client';

/** Typing pauses this long before a search is sent: one request per word, not per letter. */
export const ESPERA_BUSQUEDA_MS = 150;
const CINCO_MINUTOS = 5 * 60 * 1000;

export const buscarProductos = (q: string) => api<ProductoEncontrado[]>(`/api/productos/buscar/?q=${encodeURIComponent(q)}`);

/**
 * The product search by name (docs/producto.md §16) of /cotizar's product box and /listas' 'Agregar productos': `texto` as
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

export const BUSCANDO = 'Buscando...';
export const SIN_PRODUCTOS = 'Ningún producto se llama así.';
export const BUSQUEDA_FALLIDA = 'No pudimos buscar. Intenta de nuevo.';

interface CajaBuscarProductos {
  /** False while the box lists something else (a /cotizar row with its category chosen): nothing is asked. */
  activa?: boolean;
  /** Products found but not offered: shown, not pickable, `reason` after their category and unit. */
  disabled?: { ids: ReadonlySet<number>; reason: string };
}

/**
 * The product search box of /cotizar and /listas, one way: `<Combobox {...caja.combobox} … />` puts
 * ui/combobox in its searching mode over this search, each option with its category and unit, the
 * empty list saying what is missing to search, 'Buscando...', that none was found or that the search
 * failed. `caja.producto(value)` is the chosen option's product.
 */
export function useCajaBuscarProductos({ activa = true, disabled }: CajaBuscarProductos = {}) {
  const [texto, setTexto] = useState('');
  const busqueda = useBuscarProductos(activa ? texto : '');
  const largo = texto.trim().length;
  const corta = largo < MIN_BUSQUEDA;
  const larga = largo > MAX_BUSQUEDA;
  const encontrados = corta || larga ? [] : (busqueda.data ?? []);
  const options: ComboboxOption[] = encontrados.map((p) => {
    const apagado = disabled?.ids.has(p.id) ?? false;
    return {
      value: String(p.id),
      label: p.nombre,
      hint: `${p.categoria} · ${p.unidad}${apagado ? ` · ${disabled!.reason}` : ''}`,
      disabled: apagado || undefined,
    };
  });
  const emptyMessage = corta
    ? BUSQUEDA_CORTA
    : larga
      ? BUSQUEDA_LARGA
      : busqueda.isError
        ? BUSQUEDA_FALLIDA
        : busqueda.data === undefined || busqueda.isFetching
          ? BUSCANDO
          : SIN_PRODUCTOS;
  return {
    combobox: { onSearch: setTexto, options, emptyMessage },
    producto: (value: string | null) => encontrados.find((p) => String(p.id) === value),
  };
}
