import { costoDespacho, faltaParaMinimo, type TerminosDespacho } from './despacho';
import { mensajesComparacion } from './schemas/comparacion';

/**
 * The landed total of a choice: what each supplier's part costs, its delivery fee and
 * what it lacks for its minimum. The server answers it for its selection, the results screen
 * computes it again as the buyer swaps or adds suppliers, actualizar and crear-orden check it, and
 * the comparison's solver prices every basket it weighs with it (canasta/plan.ts, evaluar).
 */

interface ParteProveedor {
  proveedor_id: number;
  subtotal: number;
}

export interface TotalProveedor {
  proveedor_id: number;
  subtotal: number;
  costo_despacho: number;
  /** 0 when the part reaches the supplier's minimum. */
  falta_minimo: number;
}

export interface TotalEntregado {
  /** One per supplier with something bought, in the order first seen. */
  proveedores: TotalProveedor[];
  total_productos: number;
  total_despacho: number;
  total: number;
}

/** The terms of a supplier that set none: no minimum, no fee. */
export const SIN_TERMINOS: TerminosDespacho = { monto_minimo: 0, costo_despacho: 0, despacho_gratis_desde: null };

/** Adds up the lines bought per supplier and applies each supplier's terms (none: no minimum, no fee). */
export function totalEntregado(partes: Iterable<ParteProveedor>, terminosDe: (proveedorId: number) => TerminosDespacho | undefined): TotalEntregado {
  const subtotales = new Map<number, number>();
  for (const p of partes) subtotales.set(p.proveedor_id, (subtotales.get(p.proveedor_id) ?? 0) + p.subtotal);
  return totalDeSubtotales(subtotales, terminosDe);
}

/**
 * The landed total of parts already added up per supplier ([proveedor_id, subtotal], each supplier
 * once, kept in the order given). A part worth nothing pays no fee and owes no minimum: it is left out.
 */
export function totalDeSubtotales(
  subtotales: Iterable<readonly [number, number]>,
  terminosDe: (proveedorId: number) => TerminosDespacho | undefined,
): TotalEntregado {
  const proveedores: TotalProveedor[] = [];
  let total_productos = 0;
  let total_despacho = 0;
  for (const [proveedor_id, subtotal] of subtotales) {
    if (subtotal <= 0) continue;
    const terminos = terminosDe(proveedor_id) ?? SIN_TERMINOS;
    const costo_despacho = costoDespacho(subtotal, terminos);
    proveedores.push({ proveedor_id, subtotal, costo_despacho, falta_minimo: faltaParaMinimo(subtotal, terminos) });
    total_productos += subtotal;
    total_despacho += costo_despacho;
  }
  return { proveedores, total_productos, total_despacho, total: total_productos + total_despacho };
}

/** Each supplier of a choice under its minimum, named with what it lacks: actualizar's 400, crear-orden's 409. */
export function erroresMinimo(
  partes: ReadonlyArray<ParteProveedor & { proveedor: string }>,
  terminosDe: (proveedorId: number) => TerminosDespacho | undefined,
): string[] {
  const nombres = new Map(partes.map((p) => [p.proveedor_id, p.proveedor]));
  return totalEntregado(partes, terminosDe)
    .proveedores.filter((p) => p.falta_minimo > 0)
    .map((p) => mensajesComparacion.bajoMinimo(nombres.get(p.proveedor_id)!, p.falta_minimo, terminosDe(p.proveedor_id)!.monto_minimo));
}
