import { costoDespacho, type TerminosDespacho } from '#common/despacho';
import { precioUnitario, type Tarifario } from '../motor/precio';

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

export interface ProveedorCanasta {
  proveedor_id: number;
  /** Σ round(q × precioUnitario(o, q)) over its offers in the basket. */
  subtotal: number;
  /** costoDespacho(subtotal, terms). */
  costo_despacho: number;
}

/** Per line, per offer (input order): units bought there. */
export type Plan = number[][];

export const SIN_TERMINOS: TerminosDespacho = { monto_minimo: 0, costo_despacho: 0, despacho_gratis_desde: null };

/**
 * Whether a supplier's fee can ever be charged on a feasible part: never when the free-delivery
 * threshold is at or under the minimum (any part that reaches the minimum is free), or at or under
 * 1 (every part worth something is free).
 */
export function cobraDespacho(t: TerminosDespacho): boolean {
  if (t.costo_despacho <= 0) return false;
  return t.despacho_gratis_desde === null || t.despacho_gratis_desde > Math.max(1, t.monto_minimo);
}

/** Σ round(q × precioUnitario) per supplier, the landed totals and the supplier list of a plan. */
export function evaluar(lineas: readonly LineaCanasta[], cantidades: readonly (readonly number[])[], terminos: ReadonlyMap<number, TerminosDespacho>) {
  const subtotales = new Map<number, number>();
  let cobertura = 0;
  lineas.forEach((l, i) => {
    l.ofertas.forEach((o, k) => {
      const q = cantidades[i]![k]!;
      if (q <= 0) return;
      cobertura += q;
      subtotales.set(o.proveedor_id, (subtotales.get(o.proveedor_id) ?? 0) + Math.round(q * precioUnitario(o, q)));
    });
  });
  let total_productos = 0;
  let total_despacho = 0;
  let factible = true;
  const proveedores: ProveedorCanasta[] = [];
  for (const [proveedor_id, subtotal] of [...subtotales].sort((a, b) => a[0] - b[0])) {
    const t = terminos.get(proveedor_id) ?? SIN_TERMINOS;
    const costo_despacho = costoDespacho(subtotal, t);
    if (subtotal < t.monto_minimo) factible = false;
    total_productos += subtotal;
    total_despacho += costo_despacho;
    proveedores.push({ proveedor_id, subtotal, costo_despacho });
  }
  return { cobertura, total_productos, total_despacho, total: total_productos + total_despacho, proveedores, factible };
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
  let mejor = Math.round(cap * precioUnitario(o, cap));
  for (const t of o.rangos) {
    const q = Math.ceil(t.limite_inferior) - 1;
    if (q >= 1 && q <= cap) mejor = Math.max(mejor, Math.round(q * precioUnitario(o, q)));
  }
  return mejor;
}
