import type { TerminosDespacho } from '#common/despacho';
import { cobraDespacho, evaluar, type LineaCanasta, objetivoDe, partesMaximas, type Plan } from './plan';
import { abiertas, cerrarBrecha, descarta, type Relajada, TOLERANCIA } from './cierre';
import { Abandono, PreciosLineas, type SolucionLinea } from './lineas';
import { mejorarVecindad } from './vecindad';

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
  /** Nodes it may open (default MAX_NODOS): a budget that does not depend on the machine. */
  maxNodos?: number;
}

/**
 * The best basket this search found (at worst the one it was given), whether it proved it the
 * cheapest, and `cota`: no basket of the most coverage costs less (what it has not ruled out, at
 * its least bound; −∞ when it stopped before bounding the root).
 */
export interface ResultadoBusqueda {
  plan: Plan;
  total: number;
  optimo: boolean;
  cota: number;
}

/** Nodes of one search (each prices a few lines; the clock usually stops it first). */
const MAX_NODOS = 2000;
/** The largest multiplier tried: prices at a quarter (at 0 the engine meets endless ties). */
const LAMBDA_MAXIMO = 0.75;
/**
 * The first multiplier above the current one that Kelley tries: twice it, at least this. Against
 * LAMBDA_MAXIMO straight away the slow baskets proved in ~0.75–0.80 of the time, the server's in
 * ~0.6 (0.05: 0.82; 0.2–0.3: 0.75–0.80; docs/decisions/014).
 */
const LAMBDA_CERCA = 0.1;
/** Rounds over a node's suppliers, and Kelley's steps for one supplier's multiplier. */
const RONDAS_LAMBDA = 10;
const ITERACIONES_KELLEY = 30;
/** Amounts closed exactly per node, one at a time, then each two of them together. */
const MAX_CIERRES = 3;
/** What one look at the best basket's neighbours may spend (~0.3 ms, at most ~1.5 ms, on the benches' baskets). */
const MAX_VECINDAD_MS = 5;

/** The exact search: see ResultadoBusqueda for what it answers. */
export function busquedaExacta(e: EntradaBusqueda): ResultadoBusqueda {
  const { lineas, terminos, objetivos, excluidos } = e;
  const terminosDe = (s: number) => terminos.get(s);
  let mejorPlan = e.plan;
  let mejorTotal = e.total;

  const precios = new PreciosLineas(lineas, objetivos, e.limite);
  const { lineasDe } = precios;
  // The most a supplier could sell here (each offer at the upper end of its most valuable stretch).
  const maximo = partesMaximas(lineas, objetivos);
  // The root's lines: the per-line optima the caller already has.
  for (let i = 0; i < lineas.length; i++) precios.linea(i, excluidos, new Map(), e.optimos[i]);

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
          objetivoDe(lineas[i]!, sin) < objetivos[i]!
            ? Number.POSITIVE_INFINITY
            : precios.valor(precios.linea(i, sin, lambda), lambda) - precios.valor(sol, lambda);
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

  /**
   * The node's bound and relaxed basket, or null when it holds nothing cheaper than the best basket
   * (none of the most coverage fits it, or a bound on the way already rules it out).
   */
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
    const sols = lineas.map((_, i) => precios.linea(i, fuera, lambda));

    // One supplier's multiplier: Kelley's method on the concave dual restricted to its lines.
    const maximizar = (s: number, r: number) => {
      const suyas = lineasDe.get(s) ?? [];
      interface Punto {
        lam: number;
        a: number;
        pendiente: number;
        nuevas: SolucionLinea[];
      }
      // Between two points of λ_s, a line whose baskets there sell s the same is that basket
      // throughout: its value is concave in λ_s, and linear where one basket is optimal at both
      // ends. Only the lines where s's part changes are priced again.
      const punto = (lam: number, entre?: readonly [Punto, Punto]): Punto => {
        if (lam) lambda.set(s, lam);
        else lambda.delete(s);
        let a = 0;
        let sub = 0;
        const nuevas = suyas.map((i, j) => {
          const igual = entre && entre[0].nuevas[j]!.subtotales.get(s) === entre[1].nuevas[j]!.subtotales.get(s);
          const sol = precios.linea(i, fuera, lambda, igual ? entre[0].nuevas[j]!.cantidades : undefined);
          // Intercept at λ_s = 0 of this basket's line in λ_s: the others' λ stay.
          a += precios.valor(sol, lambda) + lam * (sol.subtotales.get(s) ?? 0);
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
        let hi = actual;
        if (actual.pendiente >= 0) {
          // A near point first, then the largest: at LAMBDA_MAXIMO the supplier takes all it can
          // in every line, so Kelley's first cut lands far and every line is priced again.
          const cerca = Math.min(LAMBDA_MAXIMO, Math.max(LAMBDA_CERCA, 2 * inicial));
          hi = punto(cerca);
          if (hi.pendiente > 0 && cerca < LAMBDA_MAXIMO) {
            lo = hi;
            hi = punto(LAMBDA_MAXIMO);
          }
        }
        if (lo.pendiente <= 0) elegido = lo;
        else if (hi.pendiente >= 0) elegido = hi;
        else {
          // Any λ gives a valid bound: past the iterations (an engine that breaks a float tie
          // differently), the best point seen is kept.
          let mejorValor = Number.NEGATIVE_INFINITY;
          for (let it = 0; it < ITERACIONES_KELLEY; it++) {
            const lam = (hi.a - lo.a) / (lo.pendiente - hi.pendiente);
            const modelo = lo.a + lam * lo.pendiente;
            const m = punto(lam, [lo, hi]);
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
      for (const sol of sols) v += precios.valor(sol, lambda);
      for (const [s, r] of exigencias) v += (lambda.get(s) ?? 0) * r;
      return v;
    };
    let dual = valorDual();
    for (let ronda = 0; ronda < RONDAS_LAMBDA; ronda++) {
      for (const [s, r] of exigencias) {
        if (!lambda.get(s) && parteDe(s, sols) >= r) continue;
        maximizar(s, r);
        // Every λ gives a bound: once one rules the node out, the rest is not needed.
        if (cerrado(fijo + valorDual())) return null;
      }
      const nuevo = valorDual();
      if (nuevo < dual + 0.5) break;
      dual = nuevo;
    }
    let lagrangiana = fijo;
    for (const sol of sols) lagrangiana += precios.valor(sol, lambda);
    for (const [s, r] of exigencias) lagrangiana += (lambda.get(s) ?? 0) * r;
    const cota = lagrangiana + inevitables(estados, fuera, lambda, sols);
    const relajada: Relajada = { cota, lagrangiana, sols, plan: sols.map((sol) => sol.cantidades), lambda, exigencias, fuera };
    return relajada;
  };

  /**
   * Takes a relaxed basket as the best known when it is feasible and cheaper, and names the supplier
   * to branch on: of those not yet fixed, the one it costs most (a fee, or a minimum missed)
   * weighed by how much it sells.
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
      // Weighed by the square root of its part: leaving out a supplier that sells more moves the
      // bound more. Against the fee or shortfall alone, the slow baskets proved in ~0.85 of the time
      // (× its part: 0.87–0.92; × the part squared: 0.93; by the part alone: 0.95; docs/decisions/014).
      const falta = Math.max(p.costo_despacho, terminosDe(p.proveedor_id)!.monto_minimo - p.subtotal) * Math.sqrt(Math.max(1, p.subtotal));
      if (falta > peor) {
        peor = falta;
        elegido = p.proveedor_id;
      }
    }
    return elegido;
  };

  // Best-first over the nodes' bounds. Totals are whole pesos: a node whose bound is within a
  // peso of the best basket cannot hold a strictly cheaper one.
  const cerrado = (cota: number) => descarta(cota, mejorTotal);
  const abiertos: Nodo[] = [{ estados: new Map(), lambda: new Map(), cota: Number.NEGATIVE_INFINITY }];
  let nodos = 0;
  // The bounds of the nodes the search could not settle.
  const pendientes: number[] = [];
  // The inherited bound of the node being looked at, for a stop in its middle.
  let enCurso = Number.POSITIVE_INFINITY;
  /**
   * What the search stops with: the least bound of all it has not ruled out (the node it was
   * looking at, if stopped within it), the best basket's total at most.
   */
  const sinProbar = (actual = Number.POSITIVE_INFINITY): ResultadoBusqueda => {
    let cota = Math.min(mejorTotal, actual);
    for (const n of abiertos) cota = Math.min(cota, n.cota);
    for (const c of pendientes) cota = Math.min(cota, c);
    return { plan: mejorPlan, total: mejorTotal, optimo: false, cota };
  };
  let estadosActuales: ReadonlyMap<number, Estado> = new Map();
  let vecindadVista: Plan | null = null;
  try {
    while (abiertos.length > 0) {
      if (++nodos > (e.maxNodos ?? MAX_NODOS) || performance.now() > e.limite) {
        return sinProbar();
      }
      abiertos.sort((a, b) => b.cota - a.cota);
      const nodo = abiertos.pop()!;
      enCurso = nodo.cota;
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
        // A closing searches within (best basket − bound): before one, the neighbours of the best
        // basket (each time it is another), which often hold a cheaper one (canasta/vecindad.ts).
        if (vecindadVista !== mejorPlan && Number.isFinite(mejorTotal)) {
          const vecina = mejorarVecindad(lineas, terminos, excluidos, mejorPlan, Math.min(e.limite, performance.now() + MAX_VECINDAD_MS));
          if (vecina.total < mejorTotal) {
            mejorTotal = vecina.total;
            mejorPlan = vecina.plan;
          }
          vecindadVista = mejorPlan;
          if (cerrado(relajada.cota)) continue;
        }
        const huecos = abiertas(r).slice(0, MAX_CIERRES);
        // One amount at a time, then each two together: with three open, the pair that decides is
        // not always the two largest (basket 1224 of bench/canasta.ts, unproven with those alone).
        const grupos = [...huecos.map((a) => [a]), ...huecos.flatMap((a, x) => huecos.slice(x + 1).map((b) => [a, b]))];
        for (const grupo of grupos) {
          const exacta = cerrarBrecha({ lineas, objetivos, precios, limite: e.limite }, r, grupo, mejorTotal);
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
      return sinProbar(enCurso);
    }
    throw error;
  }
  return { ...sinProbar(), optimo: pendientes.every(cerrado) };
}
