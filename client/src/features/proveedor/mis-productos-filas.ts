import { LIMITES_RANGO_KG, nombreRango } from '#common/constants';
import { cantidadEs, formatClp, formatDiaLargo } from '#common/format';
import type { Lote, ProveedorProducto } from '#common/schemas/proveedor-productos';
import { foldForSearch } from '#common/search-es';
import { compareEs } from '#common/sort-es';

/** docs/producto.md §2: one row per stock lot; an offer without stock is one row with no lot ('Sin stock'). */
export interface FilaProducto {
  key: string;
  oferta: ProveedorProducto;
  lote: Lote | null;
}

/**
 * The five tiers, in order (docs/producto.md §9): `clave` names the tier in the API's `rangos`, `nombre` is how
 * a product of this unit reads it ('Desde 100 cajas'), `limite` its lower limit.
 */
export const rangosDe = (unidad = 'KILO') => LIMITES_RANGO_KG.map((limite) => ({ limite, clave: nombreRango(limite), nombre: nombreRango(limite, unidad) }));

export function filasDe(ofertas: readonly ProveedorProducto[]): FilaProducto[] {
  return ofertas.flatMap((oferta): FilaProducto[] =>
    oferta.stock.length === 0 ? [{ key: `${oferta.id}`, oferta, lote: null }] : oferta.stock.map((lote) => ({ key: `${oferta.id}-${lote.id}`, oferta, lote })),
  );
}

/** Lower case without accents: 'Salmón' is found typing 'salmon'. */
const normal = foldForSearch;

/**
 * docs/producto.md §2 search box: product, SKU, price, stock or date, as stored and as shown ('4990', '$4.990',
 * '2026-12-01', '01-12-2026').
 */
export function buscar(filas: readonly FilaProducto[], texto: string): FilaProducto[] {
  const q = normal(texto.trim());
  if (!q) return [...filas];
  return filas.filter(({ oferta, lote }) => {
    const campos = [oferta.sku, oferta.producto_nombre, String(oferta.tarifa), formatClp(oferta.tarifa)];
    if (lote) campos.push(String(lote.cantidad), cantidadEs(lote.cantidad), lote.fecha_expiracion, formatDiaLargo(lote.fecha_expiracion));
    return campos.some((c) => normal(c).includes(q));
  });
}

/** docs/producto.md §2: the eight sorts. */
export const ORDENES = [
  { id: 'nombre-asc', label: 'Nombre (A-Z)' },
  { id: 'nombre-desc', label: 'Nombre (Z-A)' },
  { id: 'precio-asc', label: 'Precio (menor a mayor)' },
  { id: 'precio-desc', label: 'Precio (mayor a menor)' },
  { id: 'stock-asc', label: 'Stock (menor a mayor)' },
  { id: 'stock-desc', label: 'Stock (mayor a menor)' },
  { id: 'vencimiento-asc', label: 'Vencimiento (más antiguo)' },
  { id: 'vencimiento-desc', label: 'Vencimiento (más reciente)' },
] as const;
export type Orden = (typeof ORDENES)[number]['id'];

const comparadores: Record<string, (a: FilaProducto, b: FilaProducto) => number> = {
  nombre: (a, b) => compareEs(a.oferta.producto_nombre, b.oferta.producto_nombre),
  precio: (a, b) => a.oferta.tarifa - b.oferta.tarifa,
  stock: (a, b) => (a.lote?.cantidad ?? 0) - (b.lote?.cantidad ?? 0),
  vencimiento: (a, b) => (a.lote?.fecha_expiracion ?? '').localeCompare(b.lote?.fecha_expiracion ?? ''),
};

/** Stable: equal rows keep the server's order. A row without stock has no date and goes last by expiry, either way. */
export function ordenar(filas: readonly FilaProducto[], orden: Orden | ''): FilaProducto[] {
  if (!orden) return [...filas];
  const [campo, dir] = orden.split('-') as [string, 'asc' | 'desc'];
  const comparar = comparadores[campo]!;
  const sinFecha = (f: FilaProducto) => campo === 'vencimiento' && f.lote === null;
  return filas
    .map((fila, i) => ({ fila, i }))
    .sort((x, y) => {
      if (sinFecha(x.fila) !== sinFecha(y.fila)) return sinFecha(x.fila) ? 1 : -1;
      const c = comparar(x.fila, y.fila);
      return (dir === 'asc' ? c : -c) || x.i - y.i;
    })
    .map((x) => x.fila);
}
