import type { Lista } from '#common/schemas/listas';
import { useCotizarDeNuevo } from '../flujo-cotizacion/repetir';

/**
 * 'Cotizar esta lista' (docs/producto.md §16), on /listas and on the home page: every line with its
 * name, so /cotizar leaves out and names the ones no longer sold (docs/decisions/020-listas.md).
 */
export function useCotizarLista(): (lista: Lista) => void {
  const cotizar = useCotizarDeNuevo();
  return (lista) => cotizar(lista.productos.map((p) => ({ producto: p.producto, cantidad: p.cantidad, nombre: p.nombre })));
}
