import type { TerminosDespacho } from '../../../common/despacho';
import { cobraDespacho, evaluar, type LineaCanasta, type OfertaCanasta, objetivoDe, type Plan } from './canasta-plan';
import { asignacionOptima } from './engine';
import { precioUnitario } from './precio';

/**
 * The exact search of docs/decisions/014 ("búsqueda"): a branch and bound over the state of each
 * supplier with terms, with the per-line engine as the only pricing. Every basket buys each
 * supplier either not at all (U), paying its fee (P) or reaching its free-delivery amount (F);
 * a node fixes the state of some suppliers and relaxes the rest (no fee, no minimum). Its bound:
 * - the lines priced by the engine without the U suppliers, the fees of the P ones, and
 * - for the suppliers that must reach an amount (P: monto_minimo, F: despacho_gratis_desde), a
 *   Lagrangian term: their prices scaled by (1 − λ) in the lines, + λ × that amount. Any λ ≥ 0
 *   gives a lower bound (subtotal ≥ amount ⇒ λ·(amount − subtotal) ≤ 0); λ is chosen per supplier
 *   by Kelley's cutting planes in one dimension (the dual is concave and piecewise linear).
 * A node whose bound reaches the best basket known cannot hold a cheaper one; a node whose
 * relaxed basket is feasible and costs its bound is solved; otherwise it branches on a supplier
 * of its basket that pays a fee or misses its minimum. When a node cannot be settled this way (the
 * relaxed basket misses an amount by whole units: a duality gap), the search gives up and says
 * so (null): the caller goes on with the mixed-integer program. It never answers a basket it has
 * not proven optimal.
 */

type Estado = 'U' | 'P' | 'F';

interface SolucionLinea {
  cantidades: number[];
  /** Σ round(q × precio) at real prices. */
  costo: number;
  /** Per supplier, its part of this line at real prices. */
  subtotales: Map<number, number>;
}

interface Nodo {
  estados: Map<number, Estado>;
  lambda: Map<number, number>;
  cota: number;
}

export interface EntradaBusqueda {
  lineas: readonly LineaCanasta[];
  terminos: ReadonlyMap<number, TerminosDespacho>;
  /** Units each line must supply (the most coverage). */
  objetivos: readonly number[];
  /** Suppliers out from the start (under their minimum whatever they sell). */
  excluidos: ReadonlySet<number>;
  /** The best basket known (every line at its objetivo, feasible) and its landed total. */
  plan: Plan;
  total: number;
  /** performance.now() past which the search gives up. */
  limite: number;
}

/** Limits of one search: nodes and rounds of the multipliers (each node prices a few lines). */
const MAX_NODOS = 400;
/** The largest multiplier tried: prices at a quarter (at 0 the engine meets endless ties). */
const LAMBDA_MAXIMO = 0.75;
const RONDAS_LAMBDA = 3;
const ITERACIONES_KELLEY = 30;
/** Quantities of one supplier's offer priced exactly per line when closing a duality gap. */
const MAX_CANTIDADES = 400;
/** Floating-point slack on bounds of ~10⁸ pesos summed over a few thousand terms (errors ~10⁻⁵). */
const TOLERANCIA = 1e-3;

class Abandono extends Error {}

/** The cheapest basket delivered, proven; null when this search cannot prove it in time. */
export function busquedaExacta(e: EntradaBusqueda): { plan: Plan; total: number } | null {
  const { lineas, terminos, objetivos, excluidos } = e;
  const terminosDe = (s: number) => terminos.get(s);
  let mejorPlan = e.plan;
  let mejorTotal = e.total;

  const proveedoresLinea = lineas.map((l) => [...new Set(l.ofertas.map((o) => o.proveedor_id))]);
  const lineasDe = new Map<number, number[]>();
  proveedoresLinea.forEach((ps, i) => {
    for (const s of ps) lineasDe.set(s, [...(lineasDe.get(s) ?? []), i]);
  });
  // The most a supplier could sell here (each offer at the upper end of its most valuable stretch).
  const maximo = new Map<number, number>();
  lineas.forEach((l, i) => {
    for (const o of l.ofertas) {
      const cap = Math.min(Math.floor(o.stock), objetivos[i]!);
      if (cap > 0) maximo.set(o.proveedor_id, (maximo.get(o.proveedor_id) ?? 0) + mayorSubtotal(o, cap));
    }
  });

  const memo = new Map<string, SolucionLinea>();
  const memoResto = new Map<string, { cantidades: number[]; valor: number }>();
  const resolverLinea = (i: number, fuera: ReadonlySet<number>, lambda: ReadonlyMap<number, number>): SolucionLinea => {
    let clave = `${i}`;
    for (const s of proveedoresLinea[i]!) {
      if (fuera.has(s)) clave += `|x${s}`;
      else if (lambda.get(s)) clave += `|${s}:${lambda.get(s)}`;
    }
    const previa = memo.get(clave);
    if (previa) return previa;
    const l = lineas[i]!;
    const indices: number[] = [];
    l.ofertas.forEach((o, k) => {
      if (!fuera.has(o.proveedor_id) && Math.floor(o.stock) > 0) indices.push(k);
    });
    const p = asignacionOptima(
      indices.map((k) => escalar(l.ofertas[k]!, 1 - (lambda.get(l.ofertas[k]!.proveedor_id) ?? 0))),
      objetivos[i]!,
    );
    if (!p.exacta) throw new Abandono();
    const cantidades = new Array<number>(l.ofertas.length).fill(0);
    let costo = 0;
    const subtotales = new Map<number, number>();
    indices.forEach((k, j) => {
      const q = p.cantidades[j]!;
      cantidades[k] = q;
      if (q <= 0) return;
      const o = l.ofertas[k]!;
      const sub = Math.round(q * precioUnitario(o, q));
      costo += sub;
      subtotales.set(o.proveedor_id, (subtotales.get(o.proveedor_id) ?? 0) + sub);
    });
    const solucion = { cantidades, costo, subtotales };
    memo.set(clave, solucion);
    return solucion;
  };
  /** A line's Lagrangian value: its cost less λ × each supplier's part. */
  const valorLinea = (sol: SolucionLinea, lambda: ReadonlyMap<number, number>) => {
    let v = sol.costo;
    for (const [s, sub] of sol.subtotales) v -= (lambda.get(s) ?? 0) * sub;
    return v;
  };

  /** The line without offer k, for `objetivo` units: its plan and Lagrangian value. */
  const resolverResto = (i: number, fuera: ReadonlySet<number>, lambda: ReadonlyMap<number, number>, k: number, objetivo: number) => {
    let clave = `${i}-${k}-${objetivo}`;
    for (const s of proveedoresLinea[i]!) {
      if (fuera.has(s)) clave += `|x${s}`;
      else if (lambda.get(s)) clave += `|${s}:${lambda.get(s)}`;
    }
    const previa = memoResto.get(clave);
    if (previa) return previa;
    const l = lineas[i]!;
    const indices: number[] = [];
    l.ofertas.forEach((o, j) => {
      if (j !== k && !fuera.has(o.proveedor_id) && Math.floor(o.stock) > 0) indices.push(j);
    });
    const p = asignacionOptima(
      indices.map((j) => escalar(l.ofertas[j]!, 1 - (lambda.get(l.ofertas[j]!.proveedor_id) ?? 0))),
      objetivo,
    );
    if (!p.exacta) throw new Abandono();
    const cantidades = new Array<number>(l.ofertas.length).fill(0);
    let valor = 0;
    indices.forEach((j, x) => {
      const q = p.cantidades[x]!;
      cantidades[j] = q;
      if (q > 0) valor += Math.round(q * precioUnitario(l.ofertas[j]!, q)) * (1 - (lambda.get(l.ofertas[j]!.proveedor_id) ?? 0));
    });
    const resultado = { cantidades, valor };
    memoResto.set(clave, resultado);
    return resultado;
  };

  /** The amount a supplier must reach in a state (0: none). */
  const exigido = (s: number, estado: Estado): number => {
    const t = terminosDe(s)!;
    if (estado === 'U') return 0;
    if (estado === 'P') return t.monto_minimo;
    return Math.max(t.monto_minimo, cobraDespacho(t) ? (t.despacho_gratis_desde ?? Number.POSITIVE_INFINITY) : 0);
  };

  /** The node's bound and relaxed basket, or null when no basket of the most coverage fits it. */
  const relajar = (estados: ReadonlyMap<number, Estado>, lambdaPadre: ReadonlyMap<number, number>) => {
    const fuera = new Set(excluidos);
    let fijo = 0;
    const exigencias = new Map<number, number>();
    for (const [s, estado] of estados) {
      if (estado === 'U') fuera.add(s);
      if (estado === 'P') fijo += terminosDe(s)!.costo_despacho;
      const r = exigido(s, estado);
      if (r > (maximo.get(s) ?? 0)) return null;
      if (r > 0) exigencias.set(s, r);
    }
    if (lineas.some((l, i) => objetivoDe(l, fuera) < objetivos[i]!)) return null;
    const lambda = new Map<number, number>();
    for (const s of exigencias.keys()) if (lambdaPadre.get(s)) lambda.set(s, lambdaPadre.get(s)!);
    const sols = lineas.map((_, i) => resolverLinea(i, fuera, lambda));

    // One supplier's multiplier: Kelley's method on the concave dual restricted to its lines.
    const maximizar = (s: number, r: number): boolean => {
      const suyas = lineasDe.get(s) ?? [];
      const punto = (lam: number) => {
        if (lam) lambda.set(s, lam);
        else lambda.delete(s);
        let a = 0;
        let sub = 0;
        const nuevas = suyas.map((i) => {
          const sol = resolverLinea(i, fuera, lambda);
          // Intercept at λ_s = 0 of this basket's line in λ_s: the others' λ stay.
          a += valorLinea(sol, lambda) + lam * (sol.subtotales.get(s) ?? 0);
          sub += sol.subtotales.get(s) ?? 0;
          return sol;
        });
        return { lam, a, g: r - sub, nuevas };
      };
      const inicial = lambda.get(s) ?? 0;
      const actual = punto(inicial);
      let elegido = actual;
      if (actual.g > 0 || (actual.g < 0 && inicial > 0)) {
        let lo = actual.g > 0 ? actual : punto(0);
        let hi = actual.g < 0 ? actual : punto(LAMBDA_MAXIMO);
        if (lo.g <= 0) elegido = lo;
        else if (hi.g >= 0) elegido = hi;
        else {
          // Any λ gives a valid bound: past the iterations (an engine that breaks a float tie
          // differently), the best point seen is kept.
          let mejorValor = Number.NEGATIVE_INFINITY;
          for (let it = 0; it < ITERACIONES_KELLEY; it++) {
            const lam = (hi.a - lo.a) / (lo.g - hi.g);
            const modelo = lo.a + lam * lo.g;
            const m = punto(lam);
            const valor = m.a + lam * m.g;
            if (valor > mejorValor) {
              mejorValor = valor;
              elegido = m;
            }
            if (valor >= modelo - TOLERANCIA || m.g === 0) break;
            if (m.g > 0) lo = m;
            else hi = m;
          }
        }
      }
      if (elegido.lam) lambda.set(s, elegido.lam);
      else lambda.delete(s);
      suyas.forEach((i, j) => {
        sols[i] = elegido.nuevas[j]!;
      });
      return elegido.lam !== inicial;
    };
    for (let ronda = 0; ronda < RONDAS_LAMBDA; ronda++) {
      let cambio = false;
      for (const [s, r] of exigencias) cambio = maximizar(s, r) || cambio;
      if (!cambio) break;
    }
    let cota = fijo;
    for (const sol of sols) cota += valorLinea(sol, lambda);
    for (const [s, r] of exigencias) cota += (lambda.get(s) ?? 0) * r;
    return { cota, sols, plan: sols.map((sol) => sol.cantidades), lambda, exigencias, fuera };
  };

  /**
   * Takes a relaxed basket as the best known when it is feasible and cheaper, and names the supplier
   * to branch on: of those not yet fixed, the one it costs most (a fee, or a minimum missed).
   */
  const mejorar = (plan: Plan): number | undefined => {
    const v = evaluar(lineas, plan, terminos);
    if (v.factible && v.total < mejorTotal) {
      mejorTotal = v.total;
      mejorPlan = plan;
    }
    let elegido: number | undefined;
    let peor = 0;
    for (const p of v.proveedores) {
      if (estadosActuales.has(p.proveedor_id) || !terminos.has(p.proveedor_id)) continue;
      const falta = Math.max(p.costo_despacho, terminosDe(p.proveedor_id)!.monto_minimo - p.subtotal);
      if (falta > peor) {
        peor = falta;
        elegido = p.proveedor_id;
      }
    }
    return elegido;
  };

  /**
   * The node's bound with one supplier's amount kept exactly (the others' still priced by their
   * multipliers): the cheapest choice of its units in each of its lines that reaches the amount.
   * Any basket of the node cheaper than the best known has Σ over those lines of (reduced cost over
   * the line's Lagrangian optimum) + λ × (what it sells over the amount) within the node's gap, so
   * only such quantities are priced exactly (by the engine on the line's other offers), after a
   * cheap fractional bound rules the rest out. The line with the most candidates goes last, where
   * only a window of quantities reaches the amount within the gap. 'cerrado' when nothing beats
   * the best basket; null when it is not this case (several amounts open, several offers of the
   * supplier in a line, too many quantities to price).
   */
  const cerrarBrecha = (r: NonNullable<ReturnType<typeof relajar>>): { cota: number; plan: Plan } | 'cerrado' | null => {
    const partes = new Map<number, number>();
    for (const sol of r.sols) for (const [s, sub] of sol.subtotales) partes.set(s, (partes.get(s) ?? 0) + sub);
    // With several amounts open, the one whose multiplier hides the most (the bound stays valid
    // with the others still priced by theirs).
    let s = 0;
    let monto = 0;
    let mayor = -1;
    for (const [t, exigido] of r.exigencias) {
      const parte = partes.get(t) ?? 0;
      const hueco = parte < exigido ? Number.POSITIVE_INFINITY : (r.lambda.get(t) ?? 0) * (parte - exigido);
      if (hueco > mayor && (parte < exigido || hueco > 0)) {
        mayor = hueco;
        s = t;
        monto = exigido;
      }
    }
    if (mayor < 0) return null;
    const lam = r.lambda.get(s) ?? 0;
    let holgura = mejorTotal - r.cota + TOLERANCIA;
    const otrosLambda = new Map(r.lambda);
    otrosLambda.delete(s);
    let base = r.cota - lam * monto;
    interface Candidata {
      q: number;
      sub: number;
      cota: number;
    }
    const lineasS: Array<{ i: number; k: number; T: number; V: number; candidatas: Candidata[] }> = [];
    for (const i of lineasDe.get(s) ?? []) {
      const l = lineas[i]!;
      const ks = l.ofertas.flatMap((o, k) => (o.proveedor_id === s ? [k] : []));
      if (ks.length !== 1) return null;
      const k = ks[0]!;
      const o = l.ofertas[k]!;
      const T = objetivos[i]!;
      const V = valorLinea(r.sols[i]!, r.lambda);
      base -= V;
      // The others' fractional fill at their best reachable (scaled) price: a lower bound of their cost.
      const fuentes: Array<[number, number]> = [];
      let capacidad = 0;
      l.ofertas.forEach((x, j) => {
        if (j === k || r.fuera.has(x.proveedor_id)) return;
        const cap = Math.min(Math.floor(x.stock), T);
        if (cap <= 0) return;
        capacidad += cap;
        fuentes.push([precioMinimoHasta(x, cap) * (1 - (r.lambda.get(x.proveedor_id) ?? 0)), cap]);
      });
      fuentes.sort((a, b) => a[0] - b[0]);
      const relleno = (resto: number) => {
        let costo = 0;
        for (const [p, cap] of fuentes) {
          if (resto <= 0) break;
          const q = Math.min(cap, resto);
          costo += q * p;
          resto -= q;
        }
        return costo;
      };
      const candidatas: Candidata[] = [];
      for (let q = Math.max(0, T - capacidad); q <= Math.min(Math.floor(o.stock), T); q++) {
        const sub = q > 0 ? Math.round(q * precioUnitario(o, q)) : 0;
        const cota = sub * (1 - lam) + relleno(T - q) - V;
        if (cota <= holgura) candidatas.push({ q, sub, cota });
      }
      lineasS.push({ i, k, T, V, candidatas });
    }
    lineasS.sort((a, b) => a.candidatas.length - b.candidatas.length);
    let exactas = 0;
    const exacta = new Map<string, { rc: number; valor: number }>();
    /** A quantity's exact reduced cost, and the line's value with it (λ_s = 0). */
    const precisa = (j: number, c: Candidata) => {
      const clave = `${j}:${c.q}`;
      const previa = exacta.get(clave);
      if (previa) return previa;
      if (++exactas > MAX_CANTIDADES) throw new Abandono('cantidades');
      const x = lineasS[j]!;
      const resto = resolverResto(x.i, r.fuera, otrosLambda, x.k, x.T - c.q);
      const res = { rc: c.sub * (1 - lam) + resto.valor - x.V, valor: c.sub + resto.valor };
      exacta.set(clave, res);
      return res;
    };
    const n = lineasS.length;
    const subMax = lineasS.map((x) => Math.max(0, ...x.candidatas.map((c) => c.sub)));
    const subMin = lineasS.map((x) => Math.min(...x.candidatas.map((c) => c.sub)));
    const restoMax = new Array<number>(n + 1).fill(0);
    const restoMin = new Array<number>(n + 1).fill(0);
    for (let j = n - 1; j >= 0; j--) {
      restoMax[j] = restoMax[j + 1]! + subMax[j]!;
      restoMin[j] = restoMin[j + 1]! + subMin[j]!;
    }
    if (lineasS.some((x) => x.candidatas.length === 0) || restoMax[0]! < monto) return 'cerrado';
    // Σ reduced costs + λ × excess over the amount, the objective over these lines less a constant.
    let mejor = Number.POSITIVE_INFINITY;
    let eleccion: Candidata[] = [];
    const actual: Candidata[] = [];
    const buscar = (j: number, rc: number, sub: number) => {
      if (j === n) {
        if (sub < monto) return;
        const z = rc + lam * (sub - monto);
        if (z < mejor) {
          mejor = z;
          eleccion = [...actual];
          holgura = Math.min(holgura, z);
        }
        return;
      }
      for (const c of lineasS[j]!.candidatas) {
        const total = sub + c.sub;
        if (total + restoMax[j + 1]! < monto) continue;
        const exceso = Math.max(0, total + restoMin[j + 1]! - monto);
        if (rc + c.cota + lam * exceso > holgura) continue;
        const e = precisa(j, c);
        if (rc + e.rc + lam * exceso > holgura) continue;
        actual[j] = c;
        buscar(j + 1, rc + e.rc, total);
      }
    };
    try {
      buscar(0, 0, 0);
    } catch (error) {
      if (error instanceof Abandono) return null;
      throw error;
    }
    if (mejor === Number.POSITIVE_INFINITY) return 'cerrado';
    const plan = r.plan.map((q) => q);
    let valor = 0;
    lineasS.forEach((x, j) => {
      const c = eleccion[j]!;
      const resto = resolverResto(x.i, r.fuera, otrosLambda, x.k, x.T - c.q);
      const cantidades = [...resto.cantidades];
      cantidades[x.k] = c.q;
      plan[x.i] = cantidades;
      valor += precisa(j, c).valor;
    });
    const cota = base + valor;
    return cerrado(cota) ? 'cerrado' : { cota, plan };
  };

  // Best-first over the nodes' bounds. Totals are whole pesos: a node whose bound is within a
  // peso of the best basket cannot hold a strictly cheaper one.
  const cerrado = (cota: number) => Math.ceil(cota - TOLERANCIA) >= mejorTotal;
  const abiertos: Nodo[] = [{ estados: new Map(), lambda: new Map(), cota: Number.NEGATIVE_INFINITY }];
  let nodos = 0;
  let estadosActuales: ReadonlyMap<number, Estado> = new Map();
  try {
    while (abiertos.length > 0) {
      if (++nodos > MAX_NODOS || performance.now() > e.limite) return null;
      abiertos.sort((a, b) => b.cota - a.cota);
      const nodo = abiertos.pop()!;
      estadosActuales = nodo.estados;
      if (cerrado(nodo.cota)) continue;
      const r = relajar(nodo.estados, nodo.lambda);
      if (!r || cerrado(r.cota)) continue;
      let relajada = { cota: r.cota, plan: r.plan };
      let elegido = mejorar(relajada.plan);
      if (cerrado(relajada.cota)) continue;
      if (elegido === undefined) {
        // No supplier to branch on: the relaxed basket misses an amount by whole units, or
        // overshoots one its multiplier priced. The node's exact bound for that one amount.
        const exacta = cerrarBrecha(r);
        if (exacta === null) return null;
        if (exacta === 'cerrado') continue;
        relajada = exacta;
        elegido = mejorar(relajada.plan);
        if (cerrado(relajada.cota)) continue;
        if (elegido === undefined) return null;
      }
      const t = terminosDe(elegido)!;
      const hijos: Estado[] = cobraDespacho(t) ? ['U', 'P', 'F'] : ['U', 'F'];
      if (t.despacho_gratis_desde === null && cobraDespacho(t)) hijos.pop();
      for (const estado of hijos) abiertos.push({ estados: new Map(nodo.estados).set(elegido, estado), lambda: r.lambda, cota: relajada.cota });
    }
  } catch (error) {
    if (error instanceof Abandono) return null;
    throw error;
  }
  return { plan: mejorPlan, total: mejorTotal };
}

/** The cheapest unit price an offer reaches with at most `limite` units. */
function precioMinimoHasta(o: OfertaCanasta, limite: number): number {
  let p = precioUnitario(o, 1);
  for (const t of o.rangos) if (t.precio > 0 && t.precio < p && Math.ceil(t.limite_inferior) <= limite) p = t.precio;
  return p;
}

/** An offer with every price scaled by `f` (a blank tier, precio 0, stays blank). */
function escalar(o: OfertaCanasta, f: number): OfertaCanasta {
  if (f === 1) return o;
  return { ...o, tarifa: o.tarifa * f, rangos: o.rangos.map((t) => ({ limite_inferior: t.limite_inferior, precio: t.precio * f })) };
}

/** The largest round(q × precio) an offer reaches with at most `cap` units: at the upper end of one of its stretches. */
function mayorSubtotal(o: OfertaCanasta, cap: number): number {
  let mejor = Math.round(cap * precioUnitario(o, cap));
  for (const t of o.rangos) {
    const q = Math.ceil(t.limite_inferior) - 1;
    if (q >= 1 && q <= cap) mejor = Math.max(mejor, Math.round(q * precioUnitario(o, q)));
  }
  return mejor;
}
