import { foldForSearch } from '#common/search-es';
import type { AccionModeracion, ProductoPendiente } from '#common/schemas/moderacion';
import { compareEs } from '#common/sort-es';

/** docs/producto.md §3 Pending product with the moderator's staged decision; `motivo` is the optional reason of a rejection. */
export interface Staged extends ProductoPendiente {
  accion: AccionModeracion;
  motivo: string;
}

/** docs/producto.md §4: staging moves a product out of the pending list; staging it again only changes the decision. */
export function stage(staged: readonly Staged[], producto: ProductoPendiente, accion: AccionModeracion): Staged[] {
  const previo = staged.find((s) => s.id === producto.id);
  if (previo) return staged.map((s) => (s.id === producto.id ? { ...s, accion } : s));
  return [...staged, { ...producto, accion, motivo: '' }];
}

/** Which staged products a bulk action sends: 'todo' all of them, else those with that decision. */
export const porEnviar = (staged: readonly Staged[], cuales: AccionModeracion | 'todo') => staged.filter((s) => cuales === 'todo' || s.accion === cuales);

/** docs/producto.md §2 search: product, category, provider or ID (the supplier by its e-mail or its name, the product by its SKU too). */
export function buscarPendientes(productos: readonly ProductoPendiente[], texto: string): ProductoPendiente[] {
  const normal = foldForSearch;
  const q = normal(texto.trim());
  if (!q) return [...productos];
  return productos.filter((p) =>
    [String(p.id), p.nombre, p.categoria_nombre, p.proveedor_email, p.proveedor_nombre ?? '', p.sku ?? ''].some((c) => normal(c).includes(q)),
  );
}

/** docs/producto.md §2: sort by name, provider or ID, ascending or descending. */
export const ORDENES_PENDIENTES = [
  { id: 'nombre-asc', label: 'Nombre (A-Z)' },
  { id: 'nombre-desc', label: 'Nombre (Z-A)' },
  { id: 'proveedor-asc', label: 'Proveedor (A-Z)' },
  { id: 'proveedor-desc', label: 'Proveedor (Z-A)' },
  { id: 'id-asc', label: 'ID (ascendente)' },
  { id: 'id-desc', label: 'ID (descendente)' },
] as const;
export type OrdenPendientes = (typeof ORDENES_PENDIENTES)[number]['id'];

export function ordenarPendientes(productos: readonly ProductoPendiente[], orden: OrdenPendientes | ''): ProductoPendiente[] {
  if (!orden) return [...productos];
  const [campo, dir] = orden.split('-') as ['nombre' | 'proveedor' | 'id', 'asc' | 'desc'];
  const comparar = (a: ProductoPendiente, b: ProductoPendiente) =>
    campo === 'id' ? a.id - b.id : campo === 'nombre' ? compareEs(a.nombre, b.nombre) : compareEs(a.proveedor_email, b.proveedor_email);
  return [...productos].sort((a, b) => (dir === 'asc' ? comparar(a, b) : -comparar(a, b)) || a.id - b.id);
}
