import { costoDespacho, faltaParaMinimo, type TerminosDespacho } from '#common/despacho';
import { iniciosRangos, precioUnitario, subtotal } from '#common/precio';
import { SIN_TERMINOS } from '#common/total-entregado';
import { evaluar, type LineaCanasta, lineasPorProveedor, type Plan } from './plan';

/**
 * Cheaper feasible baskets near one at hand, by moves the per-line optima do not see
 * (docs/decisions/014, "La vecindad"). Proves nothing: the exact search's gap closings search
 * within (best basket known − bound), so a cheaper basket known early makes them cheaper.
 * - Drop a supplier: its units go to the offers of its lines already in use or free of terms,
 *   each chunk to the cheapest increase (re-planning the line instead can take units from a
 *   supplier sitting at its free-delivery amount, and its fee comes back).
 * - Lift a fee payer to its free-delivery amount: units taken from the other offers of its lines,
 *   the move that costs least per peso it adds to the supplier first.
 * A third move, lifting a supplier not in the basket to its amount to drop a payer into it, found
 * a few more cheaper baskets at ~5× the time, and proved no more baskets within the budget.
 * Every neighbour keeps each line's units; totalDesde prices it from the basket it moved from.
 */

/** Per supplier, the lines where it has an offer. */
type LineasDe = ReadonlyMap<number, readonly number[]>;

const costo = (l: LineaCanasta, k: number, q: number) => (q > 0 ? subtotal(q, precioUnitario(l.ofertas[k]!, q)) : 0);
/** The units offer k of a line can still take beyond q[k]. */
const espacio = (l: LineaCanasta, q: readonly number[], k: number) => Math.floor(l.ofertas[k]!.stock) - q[k]!;

/** The basket without supplier s, or null when its units find no room. */
function sacar(lineas: readonly LineaCanasta[], lineasDe: LineasDe, plan: Plan, s: number, recibe: (s: number) => boolean): Plan | null {
  const nuevo = [...plan];
  for (const i of lineasDe.get(s) ?? []) {
    const l = lineas[i]!;
    let resto = 0;
    l.ofertas.forEach((o, k) => {
      if (o.proveedor_id === s) resto += plan[i]![k]!;
    });
    if (resto === 0) continue;
    const q = plan[i]!.map((x, k) => (l.ofertas[k]!.proveedor_id === s ? 0 : x));
    nuevo[i] = q;
    while (resto > 0) {
      let elegido = -1;
      let mejor = Number.POSITIVE_INFINITY;
      let cuanto = 0;
      l.ofertas.forEach((o, k) => {
        if (o.proveedor_id === s || !(q[k]! > 0 || recibe(o.proveedor_id))) return;
        const d = Math.min(espacio(l, q, k), resto);
        if (d <= 0) return;
        const marginal = (costo(l, k, q[k]! + d) - costo(l, k, q[k]!)) / d;
        if (marginal < mejor) {
          mejor = marginal;
          elegido = k;
          cuanto = d;
        }
      });
      if (elegido < 0) return null;
      q[elegido]! += cuanto;
      resto -= cuanto;
    }
  }
  return nuevo;
}

/**
 * The fewest units q in (desde, hasta] at which offer k's subtotal reaches `objetivo` (hasta when
 * none does). The subtotal only grows within a price stretch, so a binary search in each.
 */
function menorHasta(l: LineaCanasta, k: number, desde: number, hasta: number, objetivo: number): number {
  const cortes = [desde + 1, ...iniciosRangos(l.ofertas[k]!, desde + 1, hasta), hasta + 1];
  for (let j = 0; j + 1 < cortes.length; j++) {
    let lo = cortes[j]!;
    let hi = cortes[j + 1]! - 1;
    if (lo > hi || costo(l, k, hi) < objetivo) continue;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (costo(l, k, mid) >= objetivo) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
  return hasta;
}

/**
 * The basket with supplier t's part lifted to at least `monto`, or null when it cannot get there
 * or the moves cost `tope` (what reaching the amount saves) or more.
 */
export function llevar(lineas: readonly LineaCanasta[], lineasDe: LineasDe, plan: Plan, t: number, monto: number, tope: number): Plan | null {
  const nuevo = [...plan];
  const copiadas = new Set<number>();
  let parte = 0;
  const suyas = lineasDe.get(t) ?? [];
  for (const i of suyas) {
    const l = lineas[i]!;
    l.ofertas.forEach((o, k) => {
      if (o.proveedor_id === t) parte += costo(l, k, plan[i]![k]!);
    });
  }
  // What the moves have added to the basket's cost so far.
  let gasto = 0;
  while (parte < monto) {
    // The move that costs least per peso added to t: x units from one other offer to one of t's.
    let mejor: { i: number; kt: number; kd: number; x: number; razon: number } | null = null;
    for (const i of suyas) {
      const linea = lineas[i]!;
      const q = nuevo[i]!;
      for (let kt = 0; kt < linea.ofertas.length; kt++) {
        if (linea.ofertas[kt]!.proveedor_id !== t || espacio(linea, q, kt) <= 0) continue;
        for (let kd = 0; kd < linea.ofertas.length; kd++) {
          if (linea.ofertas[kd]!.proveedor_id === t || q[kd]! <= 0) continue;
          const x = Math.min(q[kd]!, espacio(linea, q, kt));
          const suma = costo(linea, kt, q[kt]! + x) - costo(linea, kt, q[kt]!);
          if (suma <= 0) continue;
          const razon = (suma - (costo(linea, kd, q[kd]!) - costo(linea, kd, q[kd]! - x))) / suma;
          if (!mejor || razon < mejor.razon) mejor = { i, kt, kd, x, razon };
        }
      }
    }
    if (!mejor) return null;
    const { i, kt, kd, razon } = mejor;
    // What is left to add, at the best rate there is now, already costs what the lift may save.
    if (gasto + Math.max(0, razon) * (monto - parte) >= tope) return null;
    let { x } = mejor;
    const l = lineas[i]!;
    if (!copiadas.has(i)) {
      nuevo[i] = [...nuevo[i]!];
      copiadas.add(i);
    }
    const q = nuevo[i]!;
    // The last move only as far as the amount.
    const base = costo(l, kt, q[kt]!);
    x = menorHasta(l, kt, q[kt]!, q[kt]! + x, base + monto - parte) - q[kt]!;
    const suma = costo(l, kt, q[kt]! + x) - base;
    parte += suma;
    gasto += suma - (costo(l, kd, q[kd]!) - costo(l, kd, q[kd]! - x));
    q[kt]! += x;
    q[kd]! -= x;
  }
  return nuevo;
}

/**
 * The landed total of baskets that differ from `base` in a few lines (the lines that differ are
 * other arrays; the rest are base's own), or null when one leaves a supplier under its minimum.
 * A fast path of common/total-entregado's rule: each neighbour is priced by what it changes, not
 * by evaluar over the whole basket (the moves price dozens of neighbours per round), with the
 * rule's own pieces (costoDespacho, faltaParaMinimo) so both answer the same total.
 */
function totalDesde(lineas: readonly LineaCanasta[], terminos: ReadonlyMap<number, TerminosDespacho>, base: Plan) {
  const v = evaluar(lineas, base, terminos);
  const partes = new Map(v.proveedores.map((p) => [p.proveedor_id, p.subtotal]));
  return (plan: Plan): number | null => {
    const cambio = new Map<number, number>();
    plan.forEach((q, i) => {
      const b = base[i]!;
      if (q === b) return;
      const l = lineas[i]!;
      l.ofertas.forEach((o, k) => {
        if (q[k] !== b[k]) cambio.set(o.proveedor_id, (cambio.get(o.proveedor_id) ?? 0) + costo(l, k, q[k]!) - costo(l, k, b[k]!));
      });
    });
    let total = v.total;
    for (const [s, d] of cambio) {
      const t = terminos.get(s) ?? SIN_TERMINOS;
      const antes = partes.get(s) ?? 0;
      const despues = antes + d;
      if (faltaParaMinimo(despues, t) > 0) return null;
      total += d + costoDespacho(despues, t) - costoDespacho(antes, t);
    }
    return total;
  };
}

/**
 * The cheapest basket the moves reach from `plan` (feasible, every line at its units), improving
 * one move at a time until none does or past `limite` (performance.now()).
 */
export function mejorarVecindad(
  lineas: readonly LineaCanasta[],
  terminos: ReadonlyMap<number, TerminosDespacho>,
  excluidos: ReadonlySet<number>,
  plan: Plan,
  limite: number,
): { plan: Plan; total: number } {
  let mejorPlan = plan;
  let v = evaluar(lineas, plan, terminos);
  const lineasDe = lineasPorProveedor(lineas);
  for (let vuelta = 0; vuelta < 50 && performance.now() < limite; vuelta++) {
    const usados = new Set(v.proveedores.map((p) => p.proveedor_id));
    // Units go to suppliers in the basket, or to those with no minimum and no fee.
    const recibe = (s: number) => !excluidos.has(s) && (usados.has(s) || !terminos.has(s));
    const vecinas: Array<Plan | null> = [];
    for (const p of v.proveedores) {
      if (p.costo_despacho === 0) continue;
      vecinas.push(sacar(lineas, lineasDe, mejorPlan, p.proveedor_id, recibe));
      const gratis = terminos.get(p.proveedor_id)!.despacho_gratis_desde;
      if (gratis !== null) vecinas.push(llevar(lineas, lineasDe, mejorPlan, p.proveedor_id, gratis, p.costo_despacho));
    }
    const total = totalDesde(lineas, terminos, mejorPlan);
    let mejor: { plan: Plan; total: number } | null = null;
    for (const plan of vecinas) {
      const w = plan && total(plan);
      if (plan && w !== null && w < (mejor?.total ?? v.total)) mejor = { plan, total: w };
    }
    if (!mejor) break;
    mejorPlan = mejor.plan;
    v = evaluar(lineas, mejorPlan, terminos);
  }
  return { plan: mejorPlan, total: v.total };
}
