import type { TerminosDespacho } from '#common/despacho';
import { iniciosRangos, precioUnitario, subtotal, type Tarifario } from '#common/precio';
import { totalDeSubtotales, type TotalProveedor } from '#common/total-entregado';

/**
 * The plain data of a delivered basket and the rules on it that the solver's two
 * searches share (canasta.ts, canasta/busqueda.ts): what a plan costs landed and whether it is
 * feasible, what a line can supply, whether a fee can be charged.
 */

export interface OfertaCanasta extends Tarifario {
  proveedor_producto_id: number;
  proveedor_id: number;
  stock: number;
  /** YYYY-MM-DD: the first usable lot's expiry (the per-line engine's tie-break). */
  fecha_vencimiento: string;
}

/** A requested line and the offers that can deliver it (comuna, day), already filtered. */
export interface LineaCanasta<O extends OfertaCanasta = OfertaCanasta> {
  cantidad: number;
  ofertas: readonly O[];
}

/** A supplier in a basket: its subtotal (Σ subtotal(q, precioUnitario(o, q)) over its offers), fee and shortfall. */
export type ProveedorCanasta = TotalProveedor;

/** Per line, per offer (input order): units bought there. */
export type Plan = number[][];

/**
 * Whether a supplier's fee can ever be charged on a feasible part: never when the free-delivery
 * threshold is at or under the minimum (any part that reaches the minimum is free), or at or under
 * 1 (every part worth something is free).
 */
export function cobraDespacho(t: TerminosDespacho): boolean {
  if (t.costo_despacho <= 0) return false;
  return t.despacho_gratis_desde === null || t.despacho_gratis_desde > Math.max(1, t.monto_minimo);
}

/**
 * A plan's landed total by common/total-entregado's rule (suppliers by proveedor_id), its units
 * and whether every supplier in it reaches its minimum. Units are whole and prices at least $1
 * (docs/producto.md §9), so every supplier with units has a part worth something.
 */
export function evaluar(lineas: readonly LineaCanasta[], cantidades: readonly (readonly number[])[], terminos: ReadonlyMap<number, TerminosDespacho>) {
  const subtotales = new Map<number, number>();
  let cobertura = 0;
  lineas.forEach((l, i) => {
    l.ofertas.forEach((o, k) => {
      const q = cantidades[i]![k]!;
      if (q <= 0) return;
      cobertura += q;
      subtotales.set(o.proveedor_id, (subtotales.get(o.proveedor_id) ?? 0) + subtotal(q, precioUnitario(o, q)));
    });
  });
  const total = totalDeSubtotales(
    [...subtotales].sort((a, b) => a[0] - b[0]),
    (s) => terminos.get(s),
  );
  return { cobertura, ...total, factible: total.proveedores.every((p) => p.falta_minimo === 0) };
}

/** Per supplier, the lines where it has an offer, in order. */
export function lineasPorProveedor(lineas: readonly LineaCanasta[]): Map<number, number[]> {
  const lineasDe = new Map<number, number[]>();
  lineas.forEach((l, i) => {
    for (const s of new Set(l.ofertas.map((o) => o.proveedor_id))) {
      const suyas = lineasDe.get(s);
      if (suyas) suyas.push(i);
      else lineasDe.set(s, [i]);
    }
  });
  return lineasDe;
}

/** What a line can supply without the excluded suppliers: min(⌊cantidad⌋, Σ⌊stock⌋). */
export function objetivoDe(l: LineaCanasta, excluidos: ReadonlySet<number>): number {
  let disponible = 0;
  for (const o of l.ofertas) if (!excluidos.has(o.proveedor_id)) disponible += Math.max(0, Math.floor(o.stock));
  return Math.min(Math.floor(l.cantidad), disponible);
}

/**
 * The most each supplier could sell in this basket: per offer, the largest round(q × precio) with
 * q ≤ min(⌊stock⌋, topes[line]), which falls at the upper end of one of its price stretches.
 */
export function partesMaximas(lineas: readonly LineaCanasta[], topes: readonly number[]): Map<number, number> {
  const maximo = new Map<number, number>();
  lineas.forEach((l, i) => {
    for (const o of l.ofertas) {
      const cap = Math.min(Math.floor(o.stock), topes[i]!);
      if (cap > 0) maximo.set(o.proveedor_id, (maximo.get(o.proveedor_id) ?? 0) + mayorSubtotal(o, cap));
    }
  });
  return maximo;
}

function mayorSubtotal(o: Tarifario, cap: number): number {
  let mejor = subtotal(cap, precioUnitario(o, cap));
  // The unit before each tier starts ends a stretch.
  for (const inicio of iniciosRangos(o, 1, cap + 1)) mejor = Math.max(mejor, subtotal(inicio - 1, precioUnitario(o, inicio - 1)));
  return mejor;
}
