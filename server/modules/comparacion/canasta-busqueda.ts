import type { TerminosDespacho } from '../../../common/despacho';
import { cobraDespacho, evaluar, partesMaximas, type LineaCanasta, type OfertaCanasta, objetivoDe, type Plan } from './canasta-plan';
import { asignacionOptima } from './engine';
import { precioMinimo, precioUnitario } from './precio';

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
 * - the fees no basket avoids of the free suppliers whose fee is never waived (one owner per line).
 * A node whose bound reaches the best basket known cannot hold a cheaper one; a node whose
 * relaxed basket is feasible and costs its bound is solved; otherwise it branches on a supplier
 * of its basket that pays a fee or misses its minimum. When there is none to branch on, the
 * relaxed basket misses an amount by whole units or overshoots one its λ priced (a duality gap):
 * the node's bound is then computed with one amount, or two, kept exact (cerrarBrecha). A node
 * even that does not settle is set aside; the answer is proven only if a cheaper basket found
 * later rules it out. Totals are whole pesos (integer prices, fees and amounts, as the database
 * keeps them): a bound within a peso of the best basket closes a node.
 */

type Estado = 'U' | 'P' | 'F';

interface SolucionLinea {
  cantidades: number[];
  /** Σ round(q × precio) at real prices. */
  costo: number;
  /** Per supplier, its part of this line at real prices. */
  subtotales: Map<number, number>;
}

/** A node's relaxation: its bound (with and without the fees no basket avoids) and relaxed basket. */
interface Relajada {
  cota: number;
  /** The Lagrangian part alone, what closing a duality gap starts from. */
  lagrangiana: number;
  sols: SolucionLinea[];
  plan: Plan;
  lambda: Map<number, number>;
  /** The amounts the node's fixed suppliers must reach. */
  exigencias: Map<number, number>;
  fuera: Set<number>;
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
  /** Each line's per-line optimum without `excluidos` (the root's relaxed basket). */
  optimos: ReadonlyArray<number[] | undefined>;
  /** performance.now() past which the search gives up. */
  limite: number;
}

/** Limits of one search: nodes and rounds of the multipliers (each node prices a few lines). */
const MAX_NODOS = 2000;
/** The largest multiplier tried: prices at a quarter (at 0 the engine meets endless ties). */
const LAMBDA_MAXIMO = 0.75;
const RONDAS_LAMBDA = 10;
const ITERACIONES_KELLEY = 30;
/** Quantities of one supplier's offer priced exactly per line when closing a duality gap. */
const MAX_CANTIDADES = 1500;
/** Amounts closed exactly, one at a time, per node. */
const MAX_CIERRES = 3;
/** States kept per line by one supplier's closing. */
const MAX_ESTADOS = 4_000;
/** Combinations of a group's quantities bounded cheaply per closing. */
const MAX_COMBINACIONES = 300_000;
/** Floating-point slack on bounds of ~10⁸ pesos summed over a few thousand terms (errors ~10⁻⁵). */
const TOLERANCIA = 1e-3;

class Abandono extends Error {}

/** The best basket this search found (at worst the one it was given), and whether it proved it the cheapest. */
export function busquedaExacta(e: EntradaBusqueda): { plan: Plan; total: number; optimo: boolean } {
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
  const maximo = partesMaximas(lineas, objetivos);

  /** The engine's optimum of line i for `objetivo` units, prices scaled by λ, without `fuera` and offer `sin`. */
  const planEscalado = (i: number, fuera: ReadonlySet<number>, lambda: ReadonlyMap<number, number>, sin: readonly number[], objetivo: number) => {
    if (performance.now() > e.limite) throw new Abandono();
    const l = lineas[i]!;
    const indices: number[] = [];
    l.ofertas.forEach((o, k) => {
      if (!sin.includes(k) && !fuera.has(o.proveedor_id) && Math.floor(o.stock) > 0) indices.push(k);
    });
    const p = asignacionOptima(
      indices.map((k) => escalar(l.ofertas[k]!, 1 - (lambda.get(l.ofertas[k]!.proveedor_id) ?? 0))),
      objetivo,
    );
    if (!p.exacta) throw new Abandono();
    const cantidades = new Array<number>(l.ofertas.length).fill(0);
    indices.forEach((k, j) => {
      cantidades[k] = p.cantidades[j]!;
    });
    return cantidades;
  };
  /** What a line's engine answer depends on: its suppliers left out and their multipliers. */
  const claveLinea = (i: number, fuera: ReadonlySet<number>, lambda: ReadonlyMap<number, number>) => {
    let clave = '';
    for (const s of proveedoresLinea[i]!) {
      if (fuera.has(s)) clave += `|x${s}`;
      else if (lambda.get(s)) clave += `|${s}:${lambda.get(s)}`;
    }
    return clave;
  };
  const memo = new Map<string, SolucionLinea>();
  const memoResto = new Map<string, { cantidades: number[]; valor: number }>();
  const resolverLinea = (i: number, fuera: ReadonlySet<number>, lambda: ReadonlyMap<number, number>, conocida?: number[]): SolucionLinea => {
    const clave = `${i}${claveLinea(i, fuera, lambda)}`;
    const previa = memo.get(clave);
    if (previa) return previa;
    const l = lineas[i]!;
    const cantidades = conocida ?? planEscalado(i, fuera, lambda, [], objetivos[i]!);
    let costo = 0;
    const subtotales = new Map<number, number>();
    l.ofertas.forEach((o, k) => {
      const q = cantidades[k]!;
      if (q <= 0) return;
      const sub = Math.round(q * precioUnitario(o, q));
      costo += sub;
      subtotales.set(o.proveedor_id, (subtotales.get(o.proveedor_id) ?? 0) + sub);
    });
    const solucion = { cantidades, costo, subtotales };
    memo.set(clave, solucion);
    return solucion;
  };
  // The root's lines: the per-line optima the caller already has.
  for (let i = 0; i < lineas.length; i++) resolverLinea(i, excluidos, new Map(), e.optimos[i]);

  /** A line's Lagrangian value: its cost less λ × each supplier's part. */
  const valorLinea = (sol: SolucionLinea, lambda: ReadonlyMap<number, number>) => {
    let v = sol.costo;
    for (const [s, sub] of sol.subtotales) v -= (lambda.get(s) ?? 0) * sub;
    return v;
  };

  /** The line without offer k, for `objetivo` units: its plan and Lagrangian value. */
  const resolverResto = (i: number, fuera: ReadonlySet<number>, lambda: ReadonlyMap<number, number>, sin: readonly number[], objetivo: number) => {
    const clave = `${i}-${sin.join(',')}-${objetivo}${claveLinea(i, fuera, lambda)}`;
    const previa = memoResto.get(clave);
    if (previa) return previa;
    const l = lineas[i]!;
    const cantidades = planEscalado(i, fuera, lambda, sin, objetivo);
    let valor = 0;
    l.ofertas.forEach((o, j) => {
      const q = cantidades[j]!;
      if (q > 0) valor += Math.round(q * precioUnitario(o, q)) * (1 - (lambda.get(o.proveedor_id) ?? 0));
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

  /**
   * What the suppliers not yet fixed whose fee is never waived (no free-from amount, or one over
   * all they could sell here) add to a node's bound: each used in the relaxed basket either is used
   * and pays its fee, or its lines cost at least their value without it. Each line counts for one
   * such supplier only (its owner), so min(fee, Σ extra over its lines) adds up over suppliers.
   */
  const inevitables = (
    estados: ReadonlyMap<number, Estado>,
    fuera: ReadonlySet<number>,
    lambda: ReadonlyMap<number, number>,
    sols: readonly SolucionLinea[],
  ) => {
    const extra = new Map<number, number>();
    sols.forEach((sol, i) => {
      for (const s of sol.subtotales.keys()) {
        const t = terminosDe(s);
        if (!t || estados.has(s) || !cobraDespacho(t) || (t.despacho_gratis_desde !== null && t.despacho_gratis_desde <= (maximo.get(s) ?? 0))) continue;
        const sin = new Set(fuera).add(s);
        const delta =
          objetivoDe(lineas[i]!, sin) < objetivos[i]! ? Number.POSITIVE_INFINITY : valorLinea(resolverLinea(i, sin, lambda), lambda) - valorLinea(sol, lambda);
        extra.set(s, (extra.get(s) ?? 0) + Math.max(0, delta));
        return;
      }
    });
    let suma = 0;
    for (const [s, d] of extra) suma += Math.min(terminosDe(s)!.costo_despacho, d);
    return suma;
  };

  /** A supplier's part of a relaxed basket, over its lines. */
  const parteDe = (s: number, sols: readonly SolucionLinea[]) => {
    let parte = 0;
    for (const i of lineasDe.get(s) ?? []) parte += sols[i]!.subtotales.get(s) ?? 0;
    return parte;
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
    const maximizar = (s: number, r: number) => {
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
        return { lam, a, pendiente: r - sub, nuevas };
      };
      const inicial = lambda.get(s) ?? 0;
      const actual = punto(inicial);
      let elegido = actual;
      if (actual.pendiente > 0 || (actual.pendiente < 0 && inicial > 0)) {
        let lo = actual.pendiente > 0 ? actual : punto(0);
        let hi = actual.pendiente < 0 ? actual : punto(LAMBDA_MAXIMO);
        if (lo.pendiente <= 0) elegido = lo;
        else if (hi.pendiente >= 0) elegido = hi;
        else {
          // Any λ gives a valid bound: past the iterations (an engine that breaks a float tie
          // differently), the best point seen is kept.
          let mejorValor = Number.NEGATIVE_INFINITY;
          for (let it = 0; it < ITERACIONES_KELLEY; it++) {
            const lam = (hi.a - lo.a) / (lo.pendiente - hi.pendiente);
            const modelo = lo.a + lam * lo.pendiente;
            const m = punto(lam);
            const valor = m.a + lam * m.pendiente;
            if (valor > mejorValor) {
              mejorValor = valor;
              elegido = m;
            }
            if (valor >= modelo - TOLERANCIA || m.pendiente === 0) break;
            if (m.pendiente > 0) lo = m;
            else hi = m;
          }
        }
      }
      if (elegido.lam) lambda.set(s, elegido.lam);
      else lambda.delete(s);
      suyas.forEach((i, j) => {
        sols[i] = elegido.nuevas[j]!;
      });
    };
    // Rounds over the suppliers until the bound gains less than a peso. A supplier at λ = 0 whose
    // amount the basket reaches needs no look (its dual only falls as λ grows).
    const valorDual = () => {
      let v = 0;
      for (const sol of sols) v += valorLinea(sol, lambda);
      for (const [s, r] of exigencias) v += (lambda.get(s) ?? 0) * r;
      return v;
    };
    let dual = valorDual();
    for (let ronda = 0; ronda < RONDAS_LAMBDA; ronda++) {
      for (const [s, r] of exigencias) {
        if (!lambda.get(s) && parteDe(s, sols) >= r) continue;
        maximizar(s, r);
      }
      const nuevo = valorDual();
      if (nuevo < dual + 0.5) break;
      dual = nuevo;
    }
    let lagrangiana = fijo;
    for (const sol of sols) lagrangiana += valorLinea(sol, lambda);
    for (const [s, r] of exigencias) lagrangiana += (lambda.get(s) ?? 0) * r;
    const cota = lagrangiana + inevitables(estados, fuera, lambda, sols);
    const relajada: Relajada = { cota, lagrangiana, sols, plan: sols.map((sol) => sol.cantidades), lambda, exigencias, fuera };
    return relajada;
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
   * The amounts a relaxed basket leaves open: missed, or overshot while their multiplier prices
   * them (what the multiplier hides from the bound), the largest first.
   */
  const abiertas = (r: Relajada): Array<[number, number]> => {
    const partes = new Map<number, number>();
    for (const sol of r.sols) for (const [s, sub] of sol.subtotales) partes.set(s, (partes.get(s) ?? 0) + sub);
    const huecos: Array<[number, number, number]> = [];
    for (const [s, monto] of r.exigencias) {
      const parte = partes.get(s) ?? 0;
      const hueco = parte < monto ? Number.POSITIVE_INFINITY : (r.lambda.get(s) ?? 0) * (parte - monto);
      if (hueco > 0) huecos.push([s, monto, hueco]);
    }
    return huecos.sort((a, b) => b[2] - a[2]).map(([s, monto]) => [s, monto]);
  };

  /**
   * The node's bound with the amounts of a group of one or two suppliers kept exact (the others'
   * still priced by their multipliers): the cheapest choice of the group's units in each of its
   * lines that reaches every amount. Any basket of the node cheaper than the best known has
   * Σ (reduced cost of each line over its Lagrangian optimum) + Σ λ × (what each sells over its
   * amount) within the node's gap, so only such quantities are priced exactly (the engine on the
   * line's other offers, per units left, remembered), after a cheap fractional bound rules the
   * rest out; the gap searched grows ×4 from 1/64 (the best within h is the best). 'cerrado' when
   * nothing beats the best basket; null when it cannot tell (several offers of a supplier in a
   * line, too many quantities or combinations to price).
   */
  const cerrarBrecha = (r: Relajada, grupo: ReadonlyArray<readonly [number, number]>): { cota: number; plan: Plan } | 'cerrado' | null => {
    const n = grupo.length;
    const lam = grupo.map(([s]) => r.lambda.get(s) ?? 0);
    const holgura = mejorTotal - r.lagrangiana + TOLERANCIA;
    const otrosLambda = new Map(r.lambda);
    for (const [s] of grupo) otrosLambda.delete(s);
    let base = r.lagrangiana;
    grupo.forEach(([, monto], g) => {
      base -= lam[g]! * monto;
    });
    /** Units of each supplier of the group in a line (0 where it has no offer), their parts, and a cheap bound of the reduced cost. */
    interface Candidata {
      q: number[];
      sub: number[];
      cota: number;
    }
    const lineasG: Array<{ i: number; ks: number[]; T: number; V: number; candidatas: Candidata[] }> = [];
    let baratas = 0;
    for (const i of [...new Set(grupo.flatMap(([s]) => lineasDe.get(s) ?? []))]) {
      const l = lineas[i]!;
      const ks: number[] = [];
      for (const [s] of grupo) {
        const suyas = l.ofertas.flatMap((o, k) => (o.proveedor_id === s ? [k] : []));
        if (suyas.length > 1) {
          return null;
        }
        ks.push(suyas[0] ?? -1);
      }
      const T = objetivos[i]!;
      const V = valorLinea(r.sols[i]!, r.lambda);
      base -= V;
      // The others' fractional fill, each at the best (scaled) price it reaches with what is left to
      // fill: a lower bound of their cost. The prices change only where some tier starts, so one
      // sorted list per such level.
      const otras: Array<{ x: OfertaCanasta; cap: number; f: number }> = [];
      const niveles = [1];
      let capacidad = 0;
      l.ofertas.forEach((x, k) => {
        if (ks.includes(k) || r.fuera.has(x.proveedor_id)) return;
        const cap = Math.min(Math.floor(x.stock), T);
        if (cap <= 0) return;
        capacidad += cap;
        otras.push({ x, cap, f: 1 - (r.lambda.get(x.proveedor_id) ?? 0) });
        for (const t of x.rangos) {
          const desde = Math.ceil(t.limite_inferior);
          if (t.precio > 0 && desde > 1 && desde <= cap && !niveles.includes(desde)) niveles.push(desde);
        }
      });
      niveles.sort((a, b) => a - b);
      const porNivel = niveles.map((nivel) =>
        otras.map(({ x, cap, f }): [number, number] => [precioMinimo(x, Math.min(cap, nivel)) * f, cap]).sort((a, b) => a[0] - b[0]),
      );
      const fuentes = porNivel.at(-1)!;
      const relleno = (resto: number, todas?: ReadonlyArray<[number, number]>) => {
        if (!todas) {
          let v = niveles.length - 1;
          while (v > 0 && niveles[v]! > resto) v--;
          todas = porNivel[v]!;
        }
        let costo = 0;
        for (const [p, cap] of todas) {
          if (resto <= 0) break;
          const q = Math.min(cap, resto);
          costo += q * p;
          resto -= q;
        }
        return costo;
      };
      // Per supplier of the group, the quantities that pass the cheap bound with the rest of the
      // line fractional (the group's other offers too, at their best price): any combination has a
      // bound at least that, so only these need combining.
      const posibles = ks.map((k, g) => {
        if (k < 0) return [0];
        const o = l.ofertas[k]!;
        const demas: Array<[number, number]> = ks.flatMap((kk, gg) => {
          if (kk < 0 || gg === g) return [];
          const x = l.ofertas[kk]!;
          const cap = Math.min(Math.floor(x.stock), T);
          return cap > 0 ? [[precioMinimo(x, cap) * (1 - lam[gg]!), cap] as [number, number]] : [];
        });
        const capDemas = demas.reduce((t, [, cap]) => t + cap, 0);
        const todas = [...fuentes, ...demas].sort((a, b) => a[0] - b[0]);
        const lista: number[] = [];
        for (let x = 0; x <= Math.min(Math.floor(o.stock), T); x++) {
          if (T - x > capacidad + capDemas) continue;
          const sub = x > 0 ? Math.round(x * precioUnitario(o, x)) : 0;
          if (sub * (1 - lam[g]!) + relleno(T - x, todas) - V <= holgura) lista.push(x);
        }
        return lista;
      });
      const candidatas: Candidata[] = [];
      const q = new Array<number>(n).fill(0);
      const sub = new Array<number>(n).fill(0);
      // Every combination of the group's quantities in this line, by the cheap bound.
      const recorrer = (g: number, unidades: number, parcial: number): boolean => {
        if (g === n) {
          if (T - unidades > capacidad) return true;
          if (++baratas > MAX_COMBINACIONES || ((baratas & 4095) === 0 && performance.now() > e.limite)) return false;
          const cota = parcial + relleno(T - unidades) - V;
          if (cota <= holgura) candidatas.push({ q: [...q], sub: [...sub], cota });
          return true;
        }
        const k = ks[g]!;
        const o = k >= 0 ? l.ofertas[k]! : null;
        for (const x of posibles[g]!) {
          if (unidades + x > T) break;
          q[g] = x;
          sub[g] = x > 0 ? Math.round(x * precioUnitario(o!, x)) : 0;
          if (!recorrer(g + 1, unidades + x, parcial + sub[g]! * (1 - lam[g]!))) return false;
        }
        q[g] = 0;
        sub[g] = 0;
        return true;
      };
      if (!recorrer(0, 0, 0)) {
        return null;
      }
      lineasG.push({ i, ks, T, V, candidatas });
    }
    lineasG.sort((a, b) => a.candidatas.length - b.candidatas.length);
    for (const x of lineasG) x.candidatas.sort((a, b) => a.cota - b.cota);
    let exactas = 0;
    const exacta = new Map<Candidata, { rc: number; valor: number }>();
    /** A candidate's exact reduced cost, and the line's value with it (the group's λ at 0). */
    const precisa = (j: number, c: Candidata) => {
      const previa = exacta.get(c);
      if (previa) return previa;
      const x = lineasG[j]!;
      const unidades = c.q.reduce((t, u) => t + u, 0);
      const antes = memoResto.size;
      const resto = resolverResto(x.i, r.fuera, otrosLambda, x.ks, x.T - unidades);
      if (memoResto.size > antes && ++exactas > MAX_CANTIDADES) throw new Abandono();
      let rc = resto.valor - x.V;
      let valor = resto.valor;
      c.sub.forEach((v, g) => {
        rc += v * (1 - lam[g]!);
        valor += v;
      });
      const res = { rc, valor };
      exacta.set(c, res);
      return res;
    };
    const m = lineasG.length;
    if (lineasG.some((x) => x.candidatas.length === 0)) return 'cerrado';
    // Per supplier of the group: the most and the least its part can still grow from line j on.
    const restoMax = grupo.map(() => new Array<number>(m + 1).fill(0));
    const restoMin = grupo.map(() => new Array<number>(m + 1).fill(0));
    for (let j = m - 1; j >= 0; j--) {
      const cs = lineasG[j]!.candidatas;
      for (let g = 0; g < n; g++) {
        // Loops, not Math.max(...): a list can hold far more candidates than a call has arguments.
        let mayor = 0;
        let menor = Number.POSITIVE_INFINITY;
        for (const c of cs) {
          mayor = Math.max(mayor, c.sub[g]!);
          menor = Math.min(menor, c.sub[g]!);
        }
        restoMax[g]![j] = restoMax[g]![j + 1]! + mayor;
        restoMin[g]![j] = restoMin[g]![j + 1]! + menor;
      }
    }
    if (grupo.some(([, monto], g) => restoMax[g]![0]! < monto)) return 'cerrado';
    // Σ reduced costs + Σ λ × excess over the amount: the objective over these lines less a constant.
    // Searched within a gap h that grows ×4 up to the node's: a best found within h is the best
    // (any better one is within h too), and most nodes need only a small h.
    let mejor = Number.POSITIVE_INFINITY;
    let eleccion: Candidata[] = [];
    let h = 0;
    /**
     * The closing by dynamic programming over the group's lines (a search in depth multiplied
     * the lines with many near-free quantities): states (each supplier's part so far, Σ reduced costs),
     * keeping a state only if no other has, for each supplier, as much of its amount (a part
     * counts up to its amount: beyond, it only adds excess) and a lower Σ rc + Σ λ × part (whatever
     * the lines left add, that one does at least as well). Each quantity is priced exactly once.
     */
    let demasiados = false;
    let vueltas = 0;
    const programar = () => {
      interface Paso {
        partes: number[];
        rc: number;
        w: number;
        previo: number;
        candidata: Candidata | null;
      }
      const capas: Paso[][] = [[{ partes: new Array<number>(n).fill(0), rc: 0, w: 0, previo: -1, candidata: null }]];
      for (let j = 0; j < m; j++) {
        const capa = capas[j]!;
        let rcMin = Number.POSITIVE_INFINITY;
        for (const paso of capa) rcMin = Math.min(rcMin, paso.rc);
        const siguiente: Paso[] = [];
        for (const c of lineasG[j]!.candidatas) {
          // Cheapest first: none after this one fits either.
          if (rcMin + c.cota > h) break;
          let exacto: { rc: number } | null = null;
          for (let x = 0; x < capa.length; x++) {
            if ((++vueltas & 4095) === 0 && performance.now() > e.limite) throw new Abandono();
            const paso = capa[x]!;
            let exceso = 0;
            let alcanza = true;
            const partes = paso.partes.map((parte, g) => parte + c.sub[g]!);
            for (let g = 0; g < n; g++) {
              if (partes[g]! + restoMax[g]![j + 1]! < grupo[g]![1]) alcanza = false;
              exceso += lam[g]! * Math.max(0, partes[g]! + restoMin[g]![j + 1]! - grupo[g]![1]);
            }
            if (!alcanza || paso.rc + c.cota + exceso > h) continue;
            exacto ??= precisa(j, c);
            const rc = paso.rc + exacto.rc;
            if (rc + exceso > h) continue;
            let w = rc;
            for (let g = 0; g < n; g++) w += lam[g]! * partes[g]!;
            siguiente.push({ partes, rc, w, previo: x, candidata: c });
          }
        }
        siguiente.sort((a, b) => a.w - b.w);
        const frente: Paso[] = [];
        // One supplier: a state is kept when it reaches further than every cheaper one kept.
        let mayorUtil = -1;
        for (const paso of siguiente) {
          // Two suppliers compare each state with the whole front: the clock every time.
          if ((n > 1 || (++vueltas & 4095) === 0) && performance.now() > e.limite) throw new Abandono();
          const util = paso.partes.map((parte, g) => Math.min(parte, grupo[g]![1]));
          const dominado = n === 1 ? util[0]! <= mayorUtil : frente.some((otro) => otro.partes.every((parte, g) => Math.min(parte, grupo[g]![1]) >= util[g]!));
          if (dominado) continue;
          mayorUtil = Math.max(mayorUtil, util[0]!);
          frente.push(paso);
          if (frente.length > MAX_ESTADOS) {
            demasiados = true;
            throw new Abandono();
          }
        }
        if (frente.length === 0) return;
        capas.push(frente);
      }
      let elegido = -1;
      capas[m]!.forEach((paso, x) => {
        if (paso.partes.some((parte, g) => parte < grupo[g]![1])) return;
        let z = paso.rc;
        for (let g = 0; g < n; g++) z += lam[g]! * (paso.partes[g]! - grupo[g]![1]);
        if (z < mejor) {
          mejor = z;
          elegido = x;
        }
      });
      if (elegido < 0) return;
      h = Math.min(h, mejor);
      eleccion = new Array<Candidata>(m);
      for (let j = m; j > 0; j--) {
        const paso = capas[j]![elegido]!;
        eleccion[j - 1] = paso.candidata!;
        elegido = paso.previo;
      }
    };
    try {
      for (let tope = holgura / 64; mejor === Number.POSITIVE_INFINITY; tope *= 4) {
        h = Math.min(tope, holgura);
        programar();
        if (h >= holgura) break;
      }
    } catch (error) {
      // Out of calls: this closing cannot tell. Out of time (or an inexact engine): the search stops.
      if (error instanceof Abandono && performance.now() <= e.limite && (exactas > MAX_CANTIDADES || demasiados)) {
        return null;
      }
      throw error;
    }
    if (mejor === Number.POSITIVE_INFINITY) return 'cerrado';
    const plan = [...r.plan];
    let valor = 0;
    lineasG.forEach((x, j) => {
      const c = eleccion[j]!;
      const resto = resolverResto(x.i, r.fuera, otrosLambda, x.ks, x.T - c.q.reduce((t, u) => t + u, 0));
      const cantidades = [...resto.cantidades];
      x.ks.forEach((k, g) => {
        if (k >= 0) cantidades[k] = c.q[g]!;
      });
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
  const sinProbar = () => ({ plan: mejorPlan, total: mejorTotal, optimo: false });
  // The bounds of the nodes the search could not settle.
  const pendientes: number[] = [];
  let estadosActuales: ReadonlyMap<number, Estado> = new Map();
  try {
    while (abiertos.length > 0) {
      if (++nodos > MAX_NODOS || performance.now() > e.limite) {
        return sinProbar();
      }
      abiertos.sort((a, b) => b.cota - a.cota);
      const nodo = abiertos.pop()!;
      estadosActuales = nodo.estados;
      if (cerrado(nodo.cota)) continue;
      const r = relajar(nodo.estados, nodo.lambda);
      if (!r || cerrado(r.cota)) continue;
      // A child's baskets are its parent's too: the parent's bound holds.
      let relajada = { cota: Math.max(nodo.cota, r.cota), plan: r.plan };
      let elegido = mejorar(relajada.plan);
      if (cerrado(relajada.cota)) continue;
      if (elegido === undefined) {
        // No supplier to branch on: the relaxed basket misses an amount by whole units, or
        // overshoots one its multiplier priced. The node's exact bound for one amount at a time
        // (each a valid bound): until one closes the node or finds a supplier to branch on.
        let resuelto = false;
        const huecos = abiertas(r).slice(0, MAX_CIERRES);
        // One amount at a time, then the two largest together.
        const grupos = [...huecos.map((a) => [a]), ...(huecos.length > 1 ? [huecos.slice(0, 2)] : [])];
        for (const grupo of grupos) {
          const exacta = cerrarBrecha(r, grupo);
          if (exacta === null) continue;
          if (exacta === 'cerrado') {
            resuelto = true;
            break;
          }
          elegido = mejorar(exacta.plan);
          relajada = { cota: Math.max(relajada.cota, exacta.cota), plan: exacta.plan };
          if (cerrado(relajada.cota) || elegido !== undefined) {
            resuelto = true;
            break;
          }
        }
        if (!resuelto) {
          // Set aside, not given up on: a cheaper basket found later may still rule it out.
          pendientes.push(relajada.cota);
          continue;
        }
        if (elegido === undefined) continue;
      }
      const t = terminosDe(elegido)!;
      const hijos: Estado[] = cobraDespacho(t) ? ['U', 'P', 'F'] : ['U', 'F'];
      if (t.despacho_gratis_desde === null && cobraDespacho(t)) hijos.pop();
      for (const estado of hijos) abiertos.push({ estados: new Map(nodo.estados).set(elegido, estado), lambda: r.lambda, cota: relajada.cota });
    }
  } catch (error) {
    if (error instanceof Abandono) {
      return sinProbar();
    }
    throw error;
  }
  return { plan: mejorPlan, total: mejorTotal, optimo: pendientes.every(cerrado) };
}

/** An offer with every price scaled by `f` (a blank tier, precio 0, stays blank). */
function escalar(o: OfertaCanasta, f: number): OfertaCanasta {
  if (f === 1) return o;
  return { ...o, tarifa: o.tarifa * f, rangos: o.rangos.map((t) => ({ limite_inferior: t.limite_inferior, precio: t.precio * f })) };
}
