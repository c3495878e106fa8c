import { useNavigate } from 'react-router';
import { cotizarDeNuevoPath, type LineaRepetir } from '#common/repetir';

/** A line to quote again, with its product's name for the notice when it is no longer sold. */
export interface LineaACotizar extends LineaRepetir {
  nombre?: string;
}

/** The navigation state /cotizar reads beside `?repetir=`: the names of the lines (an e-mail's link has none). */
export interface EstadoRepetir {
  nombres: Record<number, string>;
}

/**
 * 'Cotizar esta lista', 'Cotizar de nuevo' (docs/producto.md §16): opens /cotizar filled with these
 * products and quantities; /cotizar names and leaves out those no longer sold.
 */
export function useCotizarDeNuevo(): (lineas: readonly LineaACotizar[]) => void {
  const navigate = useNavigate();
  return (lineas) => {
    const nombres: EstadoRepetir['nombres'] = {};
    for (const l of lineas) if (l.nombre) nombres[l.producto] = l.nombre;
    navigate(cotizarDeNuevoPath(lineas), { state: { nombres } satisfies EstadoRepetir });
  };
}
