import highsLoader, { type Highs } from 'highs';
import type { TerminosDespacho } from '#common/despacho';
import { busquedaExacta } from './busqueda';
import { canastaPorDescomposicion, despachosFijos, proveedoresConTope } from './descomposicion';
import { canastaPorConjuntos } from './conjuntos';
import { TOLERANCIA } from './cierre';
import {
  cobraDespacho,
  evaluar,
  partesMaximas,
  type LineaCanasta,
  lineasPorProveedor,
  type OfertaCanasta,
  objetivoDe,
  type Plan,
  type ProveedorCanasta,
} from './plan';
import { llevar } from './vecindad';
import { asignacionOptima, presupuestoLinea } from '../motor/engine';
import { iniciosRangos, precioMinimo, precioUnitario, subtotal } from '#common/precio';
import { SIN_TERMINOS } from '#common/total-entregado';

export type { LineaCanasta, OfertaCanasta, ProveedorCanasta } from './plan';

/**
 * The cheapest basket DELIVERED: what to buy where across all the lines of a
 * request once suppliers have minimum orders and delivery fees. Pure over plain data: no I/O and
 * no clock, but for the wall-clock budget of the solver. docs/decisions/014 explains the choices.
 *
 * Semantics:
 * - Whole units: an offer takes at most ⌊stock⌋ and a line at most ⌊cantidad⌋ (a request's
 *   quantities are whole already; a fractional one passed straight to the engine could not be
 *   reached with whole units and left the line empty).
 * - Money is whole pesos (integer prices, fees and amounts, as the database keeps them): the
 *   proofs close a gap under one peso.
 * - An offer's cost for q units is round(q × precioUnitario(o, q)) (all-units volume tiers, precio.ts).
 * - A supplier used (any units) pays costoDespacho(its subtotal over every line, its terms) and its
 *   subtotal must reach monto_minimo. A supplier missing from `terminos` has neither.
 * - Objective, in this order: (1) the most units supplied, Σ over lines (each ≤ its quantity);
 *   (2) the least landed total, Σ subtotals + Σ fees; (3) fewer suppliers: per line on the
 *   per-line path, across the basket in the program only with `contarProveedores`.
 * - When the per-line optimum of the current engine (asignacionOptima, what compararLinea selects)
 *   leaves every supplier it uses at or over its minimum and paying no fee, it is the answer: no
 *   basket can cost less (each line already costs its least, fees are ≥ 0), and with no terms at all
 *   the answer is exactly today's, tie-breaks (fewer suppliers per line, later expiry) included.
 * - When every supplier only charges a fee (no tier, minimum or free delivery within reach), the
 *   exact decomposition of canasta/descomposicion.ts, with a budget of its own (PRESUPUESTO_DESCOMPOSICION_MS).
 * - Otherwise a feasible basket (suppliers under their minimum and, while it pays, fee-paying ones
 *   left out) is the answer when it costs the lower bound: Σ per-line optima + the fees no basket
 *   can avoid (despachosInevitables). Failing that, the exact search of canasta/busqueda.ts (a
 *   branch and bound over each supplier's state, priced by the per-line engine); where it gives
 *   up, an exact mixed-integer program solved by HiGHS (the `highs` package, WebAssembly), its
 *   stretches narrowed by the bound and cut by it, against the best basket the search found. Past
 *   the budget (presupuestoMs, default PRESUPUESTO_CANASTA_MS) it answers the best basket found, `optimo: false`.
 * - With `maxProveedores`, at most that many suppliers: exact by the decomposition where it applies,
 *   else by weighing the sets of that many suppliers (canasta/conjuntos.ts) when they are few
 *   enough, else the best of two capped baskets and HiGHS (canastaConTope); PRESUPUESTO_TOPE_MS.
 * - `via` says which of the seven ('por-linea', 'cota', 'descomposicion', 'conjuntos', 'busqueda',
 *   'mip', 'presupuesto') answered.
 */

/** How the answer was reached: the measurements of docs/decisions/014 count them. */
export type ViaCanasta = 'por-linea' | 'cota' | 'descomposicion' | 'conjuntos' | 'busqueda' | 'mip' | 'presupuesto';

export interface Canasta {
  /** Per line, per offer (input order): units bought there. */
  cantidades: number[][];
  /** True when proven optimal; false when the budget ran out and this is the best plan found. */
  optimo: boolean;
  /**
   * How much cheaper a basket of the same coverage could be, at most (pesos): 0 when optimo; when
   * not, what separates the total from the least bound the solver proved; null when it proved
   * none (no basket of the most coverage known, or a per-line answer cut by its steps).
   */
  diferencia_maxima: number | null;
  total_productos: number;
  total_despacho: number;
  total: number;
  /** Suppliers used, by proveedor_id: subtotal and fee. */
  proveedores: ProveedorCanasta[];
  /** Suppliers left out because even everything they could supply in this basket stays under their monto_minimo. */
  bajo_minimo: number[];
  via: ViaCanasta;
}

export interface OpcionesCanasta {
  /**
   * Wall-clock budget of the solver, in ms (default PRESUPUESTO_CANASTA_MS; for a basket whose
   * suppliers only charge a fee, PRESUPUESTO_DESCOMPOSICION_MS).
   */
  presupuestoMs?: number;
  /** What the basket already waited (behind others on the solver's thread): it counts against the budget. */
  esperaMs?: number;
  /**
   * Objective (3), fewer suppliers, inside the program too (off by default: the program must then
   * also prove the fewest suppliers, and takes longer; docs/decisions/014).
   */
  contarProveedores?: boolean;
  /** The exact search before the program (default true; false: the program alone, to check one against the other). */
  busqueda?: boolean;
  /** Nodes the exact search may open: a budget that does not depend on the machine (tests). */
  maxNodos?: number;
  /**
   * At most this many suppliers in the basket, with or without terms ('Menos proveedores',
   * docs/decisions/014): the exact cheapest basket under the cap, the most coverage first.
   */
  maxProveedores?: number;
}

/**
 * The solver's budget: what the server spends besides (reading the offers, the terms, writing the
 * quotation and the answer, ~15–25 ms) plus this stays within 100 ms at p99 (docs/decisions/014).
 * The search proves most baskets in ~10 ms; the few it does not are answered at the budget with
 * their best basket, `optimo: false` (docs/decisions/014, "El presupuesto").
 */
export const PRESUPUESTO_CANASTA_MS = 60;
/**
 * A basket whose suppliers only charge a fee (canasta/descomposicion.ts) is proven in ~5 ms at 25
 * products × 50 suppliers and ~20–60 ms at 50 × 100 (the public ISHOP-U benchmark's largest), a few
 * over 100 ms on a loaded machine: its budget keeps those proven and the answer within ~300 ms
 * (docs/decisions/014, "La descomposición").
 */
export const PRESUPUESTO_DESCOMPOSICION_MS = 220;
/**
 * A cap on suppliers over a basket of any terms (tiers, minimums): the buyer asked for it on purpose
 * and the program needs time to prove a capped basket, so it gets more than a plain comparison
 * (docs/decisions/014, "Menos proveedores": the method).
 */
export const PRESUPUESTO_TOPE_MS = 300;
const MINIMO_MIP_MS = 100;
/** The largest capped program HiGHS is given within a request (canastaConTope). */
const MAX_TRAMOS_TOPE = 1000;
/**
 * What HiGHS may take to find the most coverage when no basket of it is known (the first objective,
 * and rare: the first basket lifts a supplier a line needs to its minimum). A solve costs ~25–80 ms
 * even on a tiny program, the first of a process ~300 ms: 100 ms left lines empty.
 */
const MINIMO_COBERTURA_MS = 1000;

/** A quantity range of one offer where its unit price is constant: [desde, hasta] at `precio`. */
interface Tramo {
  linea: number;
  /** Index of the offer in its line. */
  k: number;
  proveedor: number;
  /** 0 for the first stretch (q·tarifa is linear from q = 0), else where a tier starts. */
  desde: number;
  hasta: number;
  precio: number;
  /** The quantities the program may give it when used: [desde, hasta] narrowed by the bound. */
  min: number;
  max: number;
}

/** The price stretches of an offer with capacity `cap` (engine.ts's seleccionesDe, whole ranges). */
function tramosDe(o: OfertaCanasta, cap: number, linea: number, k: number): Tramo[] {
  const inicios = iniciosRangos(o, 1, cap);
  const tramos: Tramo[] = [];
  for (let j = 0; j <= inicios.length; j++) {
    const desde = j === 0 ? 0 : inicios[j - 1]!;
    const hasta = j < inicios.length ? inicios[j]! - 1 : cap;
    if (hasta < Math.max(1, desde)) continue;
    tramos.push({ linea, k, proveedor: o.proveedor_id, desde, hasta, precio: precioUnitario(o, Math.max(1, desde)), min: Math.max(1, desde), max: hasta });
  }
  return tramos;
}

let highsListo: Promise<Highs> | undefined;
/** HiGHS, loaded once per process (~50 ms the first time: compiling its WebAssembly; the solver's thread loads it as it starts). */
export const cargarHighs = () => {
  highsListo ??= highsLoader().then((highs) => {
    // The first solve of a process costs ~300 ms: paid here. A failure only leaves it cold.
    try {
      highs.solve(PROGRAMA_CALENTAR, { output_flag: false });
    } catch {}
    return highs;
  });
  return highsListo;
};
const PROGRAMA_CALENTAR = [
  'Minimize',
  ' obj: 3 x + 2 y + 5 z',
  'Subject To',
  ' c1: x + y + z >= 4',
  ' c2: x - 2 y <= 1',
  ' c3: y + z <= 3',
  'Bounds',
  ' 0 <= x <= 10',
  ' 0 <= y <= 10',
  'Binary',
  ' z',
  'General',
  ' x',
  ' y',
  'End',
].join('\n');

/**
 * The cheapest basket delivered, exactly (within `presupuestoMs`). `terminos` holds the delivery
 * terms of the suppliers that have any; the others have no minimum and no fee.
 */
export async function canastaOptima(
  lineas: readonly LineaCanasta[],
  terminos: ReadonlyMap<number, TerminosDespacho>,
  opciones: OpcionesCanasta = {},
): Promise<Canasta> {
  const tope = opciones.maxProveedores;
  if (tope === undefined) return canastaSinTope(lineas, terminos, opciones);
  const inicio = performance.now();
  const espera = opciones.esperaMs ?? 0;
  const exacta = porDescomposicion(lineas, terminos, opciones, inicio, tope);
  if (exacta) return exacta;
  const presupuestoMs = Math.max(0, (opciones.presupuestoMs ?? PRESUPUESTO_TOPE_MS) - espera);
  const porSets = opciones.busqueda === false || opciones.contarProveedores ? null : await porConjuntos(lineas, terminos, tope, inicio + presupuestoMs);
  if (porSets) return porSets;
  // The cheapest basket without the cap, proven and within it, is the cheapest under it.
  // What the sets left of the budget, when they could not answer in it.
  const restante = Math.max(0, inicio + presupuestoMs - performance.now());
  const libre = await canastaSinTope(
    lineas,
    terminos,
    { ...opciones, presupuestoMs: Math.min(PRESUPUESTO_CANASTA_MS, presupuestoMs / 3, restante), esperaMs: 0 },
    false,
  );
  if (libre.proveedores.length <= tope && libre.optimo) return libre;
  return canastaConTope(lineas, terminos, tope, libre, inicio + presupuestoMs);
}

/**
 * The basket by canasta/descomposicion.ts when its suppliers only charge a fee (its own budget, from
 * `inicio`), else null. A bound within a peso of its total proves it too, so the way is read after.
 */
function porDescomposicion(
  lineas: readonly LineaCanasta[],
  terminos: ReadonlyMap<number, TerminosDespacho>,
  opciones: OpcionesCanasta,
  inicio: number,
  tope?: number,
): Canasta | null {
  // The program alone (tests that check one path against the other) and the fewest-suppliers
  // objective are the other paths' to answer.
  if (opciones.busqueda === false || opciones.contarProveedores) return null;
  const despachos = despachosFijos(lineas, terminos);
  if (!despachos) return null;
  const limite = inicio + (opciones.presupuestoMs ?? PRESUPUESTO_DESCOMPOSICION_MS) - (opciones.esperaMs ?? 0);
  const r = canastaPorDescomposicion({ lineas, limite, tope }, despachos);
  if (!r) return null;
  const c = respuestaDe(lineas, terminos, { cantidades: r.plan, optimo: r.optimo, via: 'descomposicion', bajo_minimo: [], cota: r.cota });
  return c.optimo ? c : { ...c, via: 'presupuesto' };
}

/**
 * The basket by canasta/conjuntos.ts when its suppliers make few enough sets of `tope` to weigh each
 * (each set solved exactly without the cap), else null; null too when the clock left no set solved.
 */
async function porConjuntos(
  lineas: readonly LineaCanasta[],
  terminos: ReadonlyMap<number, TerminosDespacho>,
  tope: number,
  limite: number,
): Promise<Canasta | null> {
  const bajo_minimo = bajoMinimo(lineas, (s) => terminos.get(s) ?? SIN_TERMINOS);
  const fuera = new Set(bajo_minimo);
  const proveedores = [...new Set(lineas.flatMap((l) => l.ofertas.filter((o) => Math.floor(o.stock) > 0).map((o) => o.proveedor_id)))]
    .filter((s) => !fuera.has(s))
    .sort((a, b) => a - b);
  const r = await canastaPorConjuntos(lineas, terminos, proveedores, tope, limite, async (sub, hasta) => {
    const c = await canastaSinTope(sub, terminos, { presupuestoMs: Math.max(0, hasta - performance.now()) }, true, false);
    return { plan: c.cantidades, optimo: c.optimo, cota: c.diferencia_maxima === null ? Number.NEGATIVE_INFINITY : c.total - c.diferencia_maxima };
  });
  if (!r) return null;
  const c = respuestaDe(lineas, terminos, { cantidades: r.plan, optimo: r.optimo, via: 'conjuntos', bajo_minimo, cota: r.cota });
  return c.optimo ? c : { ...c, via: 'presupuesto' };
}

/** `cota`: what no basket of the answer's coverage costs less than, when the solver proved one. */
export function respuestaDe(
  lineas: readonly LineaCanasta[],
  terminos: ReadonlyMap<number, TerminosDespacho>,
  r: { cantidades: Plan; optimo: boolean; via: ViaCanasta; bajo_minimo: number[]; cota?: number },
): Canasta {
  const v = evaluar(lineas, r.cantidades, terminos);
  // Totals are whole pesos: the least total the bound leaves possible.
  const diferencia = r.optimo ? 0 : r.cota !== undefined && Number.isFinite(r.cota) ? Math.max(0, v.total - Math.ceil(r.cota - TOLERANCIA)) : null;
  return {
    cantidades: r.cantidades,
    // A bound within a peso of the total proves it too.
    optimo: diferencia === 0,
    diferencia_maxima: diferencia,
    total_productos: v.total_productos,
    total_despacho: v.total_despacho,
    total: v.total,
    proveedores: v.proveedores,
    bajo_minimo: r.bajo_minimo,
    via: r.via,
  };
}

/**
 * The cheapest basket with at most `tope` suppliers known by `limite`, when the one without the cap
 * (`libre`) uses more or was not proven and the decomposition does not apply: the better of two
 * capped baskets (`libre`'s largest suppliers; those the decomposition picks on a rough fee-only
 * version), then the program with Σ used ≤ tope where it can finish, the most coverage first
 * (docs/decisions/014, "El máximo de proveedores, por dentro").
 */
async function canastaConTope(
  lineas: readonly LineaCanasta[],
  terminos: ReadonlyMap<number, TerminosDespacho>,
  tope: number,
  libre: Canasta,
  limite: number,
): Promise<Canasta> {
  const terminosDe = (s: number) => terminos.get(s) ?? SIN_TERMINOS;
  const bajo_minimo = bajoMinimo(lineas, terminosDe);
  const excluidos = new Set(bajo_minimo);
  // Two capped baskets to start from, the better one kept: the cheapest basket's largest suppliers,
  // and those the decomposition picks on a rough, fee-only version of the basket.
  const mayores = [...libre.proveedores]
    .sort((a, b) => b.subtotal - a.subtotal)
    .slice(0, tope)
    .map((p) => p.proveedor_id);
  const aproximados = proveedoresConTope(lineas, terminos, excluidos, tope, performance.now() + (limite - performance.now()) / 3);
  const conSolo = (elegidos: Iterable<number>) => {
    const adentro = new Set(elegidos);
    const fuera = new Set(excluidos);
    for (const l of lineas) for (const o of l.ofertas) if (!adentro.has(o.proveedor_id)) fuera.add(o.proveedor_id);
    return basketFactible(
      lineas,
      terminos,
      fuera,
      lineas.map((l) => planLinea(l, objetivoDe(l, fuera), fuera)),
    );
  };
  const candidatos = [conSolo(mayores), ...(aproximados ? [conSolo(aproximados)] : [])];
  const { plan, costo, cobertura } = candidatos.reduce((a, b) => (b.cobertura > a.cobertura || (b.cobertura === a.cobertura && b.costo < a.costo) ? b : a));
  const objetivos = lineas.map((l) => objetivoDe(l, excluidos));
  const tramos: Tramo[] = [];
  lineas.forEach((l, i) => {
    l.ofertas.forEach((o, k) => {
      const cap = Math.min(Math.floor(o.stock), objetivos[i]!);
      if (!excluidos.has(o.proveedor_id) && cap > 0) tramos.push(...tramosDe(o, cap, i, k));
    });
  });
  let resultado: { plan: Plan; optimo: boolean } | null = null;
  // HiGHS overruns its time limit building and reading the program (a capped basket of 200
  // suppliers × 30 lines, ~5.000 stretches: 300–700 ms given 100–150 ms, and proved none): it runs
  // on programs it can finish, with enough time left.
  if (tramos.length <= MAX_TRAMOS_TOPE && limite - performance.now() >= MINIMO_MIP_MS) {
    try {
      const segundos = (limite - performance.now()) / 1000;
      resultado = resolverMip(await cargarHighs(), lineas, objetivos, tramos, terminosDe, null, null, null, segundos, false, tope);
    } catch {
      highsListo = undefined;
    }
  }
  // No basket under the cap costs less than the least one without it: a bound for an answer that
  // covers as much as that one.
  const unidades = (p: Plan) => p.reduce((t, l) => t + l.reduce((u, q) => u + q, 0), 0);
  const cotaLibre = (p: Plan) =>
    libre.diferencia_maxima !== null && unidades(p) === unidades(libre.cantidades) ? libre.total - libre.diferencia_maxima : undefined;
  if (resultado) {
    const v = evaluar(lineas, resultado.plan, terminos);
    if (v.factible && v.proveedores.length <= tope && (v.cobertura > cobertura || (v.cobertura === cobertura && v.total <= costo)))
      return respuestaDe(lineas, terminos, {
        cantidades: resultado.plan,
        optimo: resultado.optimo,
        via: resultado.optimo ? 'mip' : 'presupuesto',
        bajo_minimo,
        cota: cotaLibre(resultado.plan),
      });
  }
  return respuestaDe(lineas, terminos, { cantidades: plan, optimo: false, via: 'presupuesto', bajo_minimo, cota: cotaLibre(plan) });
}

/**
 * `descomposicion`: false where the caller already knows it does not apply (the capped path).
 * `pisoCobertura`: false where the budget is the caller's to keep (one set of canasta/conjuntos.ts):
 * finding the most coverage then gets no more than what is left.
 */
async function canastaSinTope(
  lineas: readonly LineaCanasta[],
  terminos: ReadonlyMap<number, TerminosDespacho>,
  opciones: OpcionesCanasta,
  descomposicion = true,
  pisoCobertura = true,
): Promise<Canasta> {
  const inicio = performance.now();
  const espera = opciones.esperaMs ?? 0;
  const presupuestoMs = Math.max(0, (opciones.presupuestoMs ?? PRESUPUESTO_CANASTA_MS) - espera);
  const terminosDe = (s: number) => terminos.get(s) ?? SIN_TERMINOS;
  const respuesta = (cantidades: Plan, optimo: boolean, via: ViaCanasta, bajo_minimo: number[], cota?: number) =>
    respuestaDe(lineas, terminos, { cantidades, optimo, via, bajo_minimo, cota });

  // 1. Today's per-line optimum, called as compararLinea calls it. If it is feasible and pays no
  //    fee it reaches the lower bound Σ per-line optima with the most coverage: done.
  // The request's lines share one budget of steps, as in compararLinea (engine.ts, presupuestoLinea).
  // Whole units throughout, unlike compararLinea, which takes a lot's hundredths when stock runs short.
  let pasos = 0;
  const porLinea = lineas.map((l) => {
    const disponible = l.ofertas.reduce((s, o) => s + Math.floor(o.stock), 0);
    const p = asignacionOptima(l.ofertas, Math.min(Math.floor(l.cantidad), disponible), presupuestoLinea(pasos));
    pasos += p.pasos;
    return p;
  });
  const v0 = evaluar(
    lineas,
    porLinea.map((p) => p.cantidades),
    terminos,
  );
  if (v0.factible && v0.total_despacho === 0) {
    return respuesta(
      porLinea.map((p) => p.cantidades),
      porLinea.every((p) => p.exacta),
      'por-linea',
      bajoMinimo(lineas, terminosDe),
    );
  }

  // 2. Suppliers that only charge a fee (no tiers, no minimum, no free delivery in reach): the
  //    facility-location problem, exact by its own decomposition (canasta/descomposicion.ts).
  const exacta = descomposicion ? porDescomposicion(lineas, terminos, opciones, inicio) : null;
  if (exacta) return exacta;

  // 3. Suppliers that cannot reach their minimum whatever they sell here leave.
  const bajo_minimo = bajoMinimo(lineas, terminosDe);
  const excluidos = new Set(bajo_minimo);
  const objetivos = lineas.map((l) => objetivoDe(l, excluidos));
  const coberturaMaxima = objetivos.reduce((s, t) => s + t, 0);

  // 4. Per-line optima without them: each line's least cost, a lower bound of its cost in any
  //    basket of the most coverage.
  //    The first pass's plan when no supplier left the line and the target is the same.
  const optimosLinea = lineas.map((l, i) => {
    const previo = porLinea[i]!;
    const igual = !l.ofertas.some((o) => excluidos.has(o.proveedor_id)) && previo.cantidades.reduce((t, q) => t + q, 0) === objetivos[i];
    return igual ? { cantidades: previo.cantidades, exacta: previo.exacta } : planLinea(l, objetivos[i]!, excluidos);
  });
  const cotas = lineas.map((l, i) => {
    const p = optimosLinea[i]!;
    return p.exacta ? costoLinea(l, p.cantidades) : rellenoMinimo(l, objetivos[i]!, excluidos, -1, 0, 0);
  });
  const cotaTotal = cotas.reduce((s, c) => s + c, 0);

  // 5. A feasible basket: drop the suppliers left under their minimum until none is, then drop a
  //    fee-paying supplier while that lowers the landed total without losing coverage.
  const { plan: factible, costo: costoFactible, cobertura: coberturaFactible } = basketFactible(lineas, terminos, excluidos, optimosLinea);
  const coberturaPlena = coberturaFactible === coberturaMaxima;
  // The fees the per-line optima cannot avoid: a supplier whose fee is never waived either is used
  // (and pays it) or its lines cost what they cost without it.
  const { porProveedor, duenoDe, extra } = coberturaPlena
    ? despachosInevitables(lineas, terminosDe, excluidos, objetivos, optimosLinea, cotas)
    : { porProveedor: new Map<number, number>(), duenoDe: [] as number[], extra: new Map<number, number>() };
  let inevitable = 0;
  for (const c of porProveedor.values()) inevitable += c;
  if (coberturaPlena && costoFactible === cotaTotal + inevitable) return respuesta(factible, true, 'cota', bajo_minimo);
  // What no basket of the most coverage costs less than; the search may raise it. It stays −∞
  // (no bound) while no basket of the most coverage is known, so it never speaks for one of less.
  let cota = coberturaPlena ? cotaTotal + inevitable : Number.NEGATIVE_INFINITY;
  // 6. The exact search (canasta/busqueda.ts); what it found, proven or not, is the basket to beat.
  //    Its baskets all have the most coverage: when the feasible one above lost some, it starts
  //    with none to beat, and a basket it finds is better whatever it costs.
  let mejorPlan = factible;
  let mejorCosto = costoFactible;
  // Whether the best basket known has the most coverage (HiGHS is then not needed to find it).
  let plena = coberturaPlena;
  // It proves the least landed total only, so not with contarProveedores.
  const busca = opciones.busqueda !== false && !opciones.contarProveedores;
  if (busca) {
    const b = busquedaExacta({
      lineas,
      terminos,
      objetivos,
      excluidos,
      plan: factible,
      total: coberturaPlena ? costoFactible : Number.POSITIVE_INFINITY,
      optimos: optimosLinea.map((p) => (p.exacta ? p.cantidades : undefined)),
      limite: inicio + presupuestoMs,
      maxNodos: opciones.maxNodos,
    });
    if (Number.isFinite(b.total)) {
      if (b.optimo) return respuesta(b.plan, true, 'busqueda', bajo_minimo);
      mejorPlan = b.plan;
      mejorCosto = b.total;
      plena = true;
      cota = Math.max(cota, b.cota);
    }
  }

  // 7. The exact program, on the stretches that can still be part of a basket no worse than it.
  // A line's slack: what the best basket costs over the per-line optima, less the fees other lines' suppliers
  // cannot avoid (the one that owns this line's share is not subtracted: its term may be this line).
  // HiGHS overruns its time limit by building and reading the program (~40 ms on the bench's
  // baskets), and after the search it seldom proves in the time left what the search could not:
  // then it is not started with less than MINIMO_MIP_MS left. Without a basket of the most
  // coverage it is the only way to find how much can be covered, and gets MINIMO_COBERTURA_MS.
  if (plena && presupuestoMs - (performance.now() - inicio) < MINIMO_MIP_MS) return respuesta(mejorPlan, false, 'presupuesto', bajo_minimo, cota);
  const holguraDe = (i: number) =>
    coberturaPlena ? mejorCosto - cotaTotal - inevitable + (duenoDe[i] !== undefined ? (porProveedor.get(duenoDe[i]!) ?? 0) : 0) : Number.POSITIVE_INFINITY;
  const tramos: Tramo[] = [];
  lineas.forEach((l, i) => {
    const T = objetivos[i]!;
    if (T <= 0) return;
    const holgura = holguraDe(i);
    const fuentes = holgura === Number.POSITIVE_INFINITY ? null : fuentesDe(l, T, excluidos);
    l.ofertas.forEach((o, k) => {
      if (excluidos.has(o.proveedor_id)) return;
      const cap = Math.min(Math.floor(o.stock), T);
      if (cap <= 0) return;
      for (const tr of tramosDe(o, cap, i, k)) {
        if (fuentes) {
          const rango = rangoUtil(fuentes, k, T, tr, cotas[i]! + holgura);
          if (!rango) continue;
          [tr.min, tr.max] = rango;
        }
        tramos.push(tr);
      }
    });
  });

  const restante = presupuestoMs - (performance.now() - inicio);
  let resultado: { plan: Plan; optimo: boolean } | null = null;
  if (restante > 0 || !plena) {
    try {
      const highs = await cargarHighs();
      resultado = resolverMip(
        highs,
        lineas,
        objetivos,
        tramos,
        terminosDe,
        coberturaPlena ? coberturaMaxima : null,
        coberturaPlena ? cotas : null,
        coberturaPlena ? { duenoDe, extra } : null,
        Math.max(presupuestoMs - (performance.now() - inicio), plena || !pisoCobertura ? 0 : MINIMO_COBERTURA_MS) / 1000,
        opciones.contarProveedores ?? false,
      );
    } catch {
      // A failed WebAssembly instance is not reused.
      highsListo = undefined;
      resultado = null;
    }
  }
  if (resultado) {
    const v = evaluar(lineas, resultado.plan, terminos);
    const cobertura = plena ? coberturaMaxima : coberturaFactible;
    const mejor = v.factible && (v.cobertura > cobertura || (v.cobertura === cobertura && v.total <= mejorCosto));
    if (mejor) return respuesta(resultado.plan, resultado.optimo, resultado.optimo ? 'mip' : 'presupuesto', bajo_minimo, cota);
  }
  return respuesta(mejorPlan, false, 'presupuesto', bajo_minimo, cota);
}

/**
 * A lower bound of the fees any basket of the most coverage pays beyond the per-line optima. A
 * supplier whose fee is never waived (no free-from amount, or one above everything it could sell
 * here) that a line's optimum uses: a basket either uses it and pays the fee, or buys those lines
 * without it, at least (its optimum without the supplier − its optimum) more. Each line counts for
 * one such supplier only (its "owner"), so the lines' extra costs are not counted twice, and the
 * bound adds min(fee, Σ extra over its lines) per supplier.
 */
function despachosInevitables(
  lineas: readonly LineaCanasta[],
  terminosDe: (s: number) => TerminosDespacho,
  excluidos: ReadonlySet<number>,
  objetivos: readonly number[],
  optimos: ReadonlyArray<{ cantidades: number[] }>,
  cotas: readonly number[],
) {
  const maximo = partesMaximas(
    lineas,
    lineas.map((l) => Math.floor(l.cantidad)),
  );
  const inevitable = (s: number) => {
    const t = terminosDe(s);
    return t.costo_despacho > 0 && (t.despacho_gratis_desde === null || t.despacho_gratis_desde > (maximo.get(s) ?? 0));
  };
  const extra = new Map<number, number>();
  const duenoDe: number[] = [];
  lineas.forEach((l, i) => {
    const dueno = l.ofertas.find((o, k) => optimos[i]!.cantidades[k]! > 0 && !excluidos.has(o.proveedor_id) && inevitable(o.proveedor_id))?.proveedor_id;
    if (dueno === undefined) return;
    duenoDe[i] = dueno;
    const sin = new Set(excluidos).add(dueno);
    let delta: number;
    if (objetivoDe(l, sin) < objetivos[i]!) delta = Number.POSITIVE_INFINITY;
    else {
      const p = planLinea(l, objetivos[i]!, sin);
      const costo = p.exacta ? costoLinea(l, p.cantidades) : rellenoMinimo(l, objetivos[i]!, sin, -1, 0, 0);
      delta = Math.max(0, costo - cotas[i]!);
    }
    extra.set(dueno, (extra.get(dueno) ?? 0) + delta);
  });
  const porProveedor = new Map<number, number>();
  for (const [s, d] of extra) porProveedor.set(s, Math.min(terminosDe(s).costo_despacho, d));
  return { porProveedor, duenoDe, extra };
}

/** The per-line engine's optimum for `objetivo` units, without the excluded suppliers' offers. */
function planLinea(l: LineaCanasta, objetivo: number, excluidos: ReadonlySet<number>) {
  const indices: number[] = [];
  l.ofertas.forEach((o, k) => {
    if (!excluidos.has(o.proveedor_id) && Math.floor(o.stock) > 0) indices.push(k);
  });
  const p = asignacionOptima(
    indices.map((k) => l.ofertas[k]!),
    objetivo,
  );
  const cantidades = new Array<number>(l.ofertas.length).fill(0);
  indices.forEach((k, j) => {
    cantidades[k] = p.cantidades[j]!;
  });
  return { cantidades, exacta: p.exacta };
}

const costoLinea = (l: LineaCanasta, q: readonly number[]) => l.ofertas.reduce((s, o, k) => s + (q[k]! > 0 ? subtotal(q[k]!, precioUnitario(o, q[k]!)) : 0), 0);

/** A line's offers as sources of the fractional bound: the cheapest price each reaches with ≤ T units, cheapest first. */
function fuentesDe(l: LineaCanasta, T: number, excluidos: ReadonlySet<number>) {
  const fuentes: Array<{ k: number; precio: number; cap: number }> = [];
  l.ofertas.forEach((o, k) => {
    if (excluidos.has(o.proveedor_id)) return;
    const cap = Math.min(Math.floor(o.stock), T);
    if (cap > 0) fuentes.push({ k, precio: precioMinimo(o, cap), cap });
  });
  return fuentes.sort((a, b) => a.precio - b.precio);
}

/**
 * The quantities q of stretch `tr` (offer k of the line) that can be part of a basket no dearer than
 * the one at hand: h(q) = q·precio + the fractional fill of T − q by the other offers is a lower
 * bound of the line's cost, convex in q (the fill's marginal price grows with what it fills), so
 * {q : h(q) ≤ limite} is an interval, found on h's breakpoints. Null when it is empty.
 */
function rangoUtil(
  fuentes: ReadonlyArray<{ k: number; precio: number; cap: number }>,
  k: number,
  T: number,
  tr: Tramo,
  limite: number,
): [number, number] | null {
  // Breakpoints of the others' fill F(r): r = 0, and each cumulative capacity, with F there.
  const rs = [0];
  const fs = [0];
  for (const f of fuentes) {
    if (f.k === k) continue;
    rs.push(rs.at(-1)! + f.cap);
    fs.push(fs.at(-1)! + f.cap * f.precio);
    if (rs.at(-1)! >= T) break;
  }
  const F = (r: number) => {
    if (r <= 0) return 0;
    let j = 1;
    while (j < rs.length && rs[j]! < r) j++;
    if (j === rs.length) return Number.POSITIVE_INFINITY;
    return fs[j - 1]! + (r - rs[j - 1]!) * ((fs[j]! - fs[j - 1]!) / (rs[j]! - rs[j - 1]!));
  };
  const a = Math.max(tr.min, T - rs.at(-1)!);
  const b = tr.max;
  if (a > b) return null;
  const qs = [a, b];
  for (const r of rs) if (T - r > a && T - r < b) qs.push(T - r);
  qs.sort((x, y) => x - y);
  const h = qs.map((q) => q * tr.precio + F(T - q));
  // Slack for floating point: a range a little wider is still exact.
  const tope = limite + 1e-6 * Math.max(1, limite);
  let lo = Number.NaN;
  for (let i = 0; i < qs.length; i++) {
    if (h[i]! <= tope) {
      lo = i === 0 ? qs[0]! : Math.max(qs[i - 1]!, Math.floor(qs[i - 1]! + ((h[i - 1]! - tope) / (h[i - 1]! - h[i]!)) * (qs[i]! - qs[i - 1]!)));
      break;
    }
  }
  if (Number.isNaN(lo)) return null;
  let hi = Number.NaN;
  for (let i = qs.length - 1; i >= 0; i--) {
    if (h[i]! <= tope) {
      hi = i === qs.length - 1 ? qs[i]! : Math.min(qs[i + 1]!, Math.ceil(qs[i]! + ((tope - h[i]!) / (h[i + 1]! - h[i]!)) * (qs[i + 1]! - qs[i]!)));
      break;
    }
  }
  return [lo, hi];
}

/**
 * A lower bound of what `resto` units of line `l` cost: each offer at the cheapest price it can
 * reach with what remains, cheapest first, fractional (no offer pays less than that). Offer
 * `fuera` is replaced by `extra` units at `precioExtra` (the room left in its chosen stretch).
 */
function rellenoMinimo(l: LineaCanasta, resto: number, excluidos: ReadonlySet<number>, fuera: number, extra: number, precioExtra: number): number {
  if (resto <= 0) return 0;
  const fuentes: Array<[number, number]> = [];
  if (extra > 0) fuentes.push([precioExtra, extra]);
  l.ofertas.forEach((o, k) => {
    if (k === fuera || excluidos.has(o.proveedor_id)) return;
    const cap = Math.min(Math.floor(o.stock), resto);
    if (cap > 0) fuentes.push([precioMinimo(o, cap), cap]);
  });
  fuentes.sort((a, b) => a[0] - b[0]);
  let falta = resto;
  let costo = 0;
  for (const [p, cap] of fuentes) {
    const q = Math.min(cap, falta);
    costo += q * p;
    falta -= q;
    if (falta === 0) return costo;
  }
  return Number.POSITIVE_INFINITY;
}

/** Suppliers with a minimum that even the most valuable part they could sell in this basket misses. */
function bajoMinimo(lineas: readonly LineaCanasta[], terminosDe: (s: number) => TerminosDespacho): number[] {
  const maximo = partesMaximas(
    lineas,
    lineas.map((l) => Math.floor(l.cantidad)),
  );
  return [...maximo]
    .filter(([s, m]) => m < terminosDe(s).monto_minimo)
    .map(([s]) => s)
    .sort((a, b) => a - b);
}

/**
 * A feasible basket to start from and to answer if the budget runs out: the per-line optima; while
 * a supplier stays under its minimum, without it; then, while dropping a fee-paying supplier lowers
 * the landed total at the same coverage, without it.
 */
function basketFactible(
  lineas: readonly LineaCanasta[],
  terminos: ReadonlyMap<number, TerminosDespacho>,
  bajo: ReadonlySet<number>,
  optimos: ReadonlyArray<{ cantidades: number[] }>,
) {
  const excluidos = new Set(bajo);
  let plan: Plan = optimos.map((p) => p.cantidades);
  let v = evaluar(lineas, plan, terminos);
  // Only the lines where a supplier that leaves had units, or whose reach changes, are planned again:
  // the others' optimum is still there.
  const replanear = (fuera: ReadonlySet<number>, nuevos: ReadonlySet<number>) =>
    lineas.map((l, i) => {
      const previo = plan[i]!;
      const objetivo = objetivoDe(l, fuera);
      const toca = objetivo !== previo.reduce((s, q) => s + q, 0) || l.ofertas.some((o, k) => previo[k]! > 0 && nuevos.has(o.proveedor_id));
      return toca ? planLinea(l, objetivo, fuera).cantidades : previo;
    });
  const lineasDe = lineasPorProveedor(lineas);
  // Each supplier is lifted at most once: one lifted and pushed under again by another's lift leaves.
  const levantados = new Set<number>();
  for (let vuelta = 0; !v.factible && vuelta < 1000; vuelta++) {
    const nuevos = new Set<number>();
    for (const p of v.proveedores) {
      const s = p.proveedor_id;
      const minimo = terminos.get(s)?.monto_minimo ?? 0;
      if (p.subtotal >= minimo) continue;
      // Leaving out a supplier some line cannot do without loses coverage, the first objective:
      // its part is lifted to its minimum instead, with units of its lines' other offers (a cold
      // server's first answers, out of time before the search, left such a line empty).
      const sinEl = new Set(excluidos).add(s);
      if (!levantados.has(s) && lineas.some((l, i) => objetivoDe(l, sinEl) < plan[i]!.reduce((t, q) => t + q, 0))) {
        levantados.add(s);
        const alzado = llevar(lineas, lineasDe, plan, s, minimo, Number.POSITIVE_INFINITY);
        if (alzado) {
          plan = alzado;
          continue;
        }
      }
      nuevos.add(s);
    }
    for (const s of nuevos) excluidos.add(s);
    plan = replanear(excluidos, nuevos);
    v = evaluar(lineas, plan, terminos);
  }
  // Fee-paying suppliers, largest fee first.
  let mejora = true;
  while (mejora) {
    mejora = false;
    const conDespacho = v.proveedores.filter((p) => p.costo_despacho > 0).sort((a, b) => b.costo_despacho - a.costo_despacho);
    for (const p of conDespacho) {
      const fuera = new Set(excluidos).add(p.proveedor_id);
      const otro = replanear(fuera, new Set([p.proveedor_id]));
      const w = evaluar(lineas, otro, terminos);
      if (w.factible && w.cobertura === v.cobertura && w.total < v.total) {
        excluidos.add(p.proveedor_id);
        plan = otro;
        v = w;
        mejora = true;
        break;
      }
    }
  }
  return { plan, costo: v.total, cobertura: v.cobertura };
}

/**
 * The mixed-integer program over the kept stretches, in CPLEX LP text. Per stretch: a binary y
 * (the offer buys in it) and an integer x in [min·y, max·y] (a first stretch that may take 1 unit
 * needs no y when it is its offer's only one); at most one stretch per offer, and only if its
 * supplier is used (u, for suppliers with a minimum or a fee). Per such supplier: subtotal ≥
 * monto_minimo·u; with a fee, a binary f (it pays) and subtotal ≥ despacho_gratis_desde·(u − f),
 * or f = u when delivery is never free. Each line's cost ≥ its own optimum (a valid cut).
 * Minimize W·(Σ price·x + Σ fee·f) (+ Σ u with contarProveedores, W = suppliers + 1: cost first,
 * then fewer suppliers); the objective is integral, so an absolute gap under 1 proves the optimum.
 * With `cobertura` null the most coverage is found first (a second solve).
 */
function resolverMip(
  highs: Highs,
  lineas: readonly LineaCanasta[],
  objetivos: readonly number[],
  tramos: readonly Tramo[],
  terminosDe: (s: number) => TerminosDespacho,
  cobertura: number | null,
  cotasLinea: readonly number[] | null,
  inevitables: { duenoDe: readonly number[]; extra: ReadonlyMap<number, number> } | null,
  segundos: number,
  contarProveedores: boolean,
  tope: number | null = null,
): { plan: Plan; optimo: boolean } | null {
  if (segundos <= 0) return null;
  // Stretches per offer, suppliers in the model.
  const porOferta = new Map<string, number[]>();
  tramos.forEach((t, i) => {
    const clave = `${t.linea}:${t.k}`;
    const lista = porOferta.get(clave);
    if (lista) lista.push(i);
    else porOferta.set(clave, [i]);
  });
  // Only suppliers with a minimum or a fee need to know whether they are used; under a cap, all.
  const proveedores = [...new Set(tramos.map((t) => t.proveedor))]
    .filter((s) => tope !== null || terminosDe(s).monto_minimo > 0 || cobraDespacho(terminosDe(s)))
    .sort((a, b) => a - b);
  const conTerminos = new Set(proveedores);
  const W = contarProveedores ? proveedores.length + 1 : 1;
  const conY = tramos.map((t) => t.min > 1 || t.min === t.max || porOferta.get(`${t.linea}:${t.k}`)!.length > 1);
  const filas: string[] = [];
  const costo: string[] = [];
  const enteras: string[] = [];
  const binarias: string[] = [];
  const cotas: string[] = [];
  const subtotalDe = new Map<number, string[]>();
  const cantidadLinea = lineas.map(() => [] as string[]);
  const costoLineaTerminos = lineas.map(() => [] as string[]);
  tramos.forEach((t, i) => {
    const fija = t.min === t.max;
    // Units of this stretch as a term list: `a y` when the stretch is a single quantity.
    const unidades = fija ? `${t.min} y${i}` : `x${i}`;
    cantidadLinea[t.linea]!.push(unidades);
    costoLineaTerminos[t.linea]!.push(fija ? `${t.min * t.precio} y${i}` : `${t.precio} x${i}`);
    const sub = subtotalDe.get(t.proveedor) ?? [];
    sub.push(fija ? `${t.min * t.precio} y${i}` : `${t.precio} x${i}`);
    subtotalDe.set(t.proveedor, sub);
    costo.push(fija ? `${t.min * t.precio * W} y${i}` : `${t.precio * W} x${i}`);
    if (conY[i]) binarias.push(`y${i}`);
    if (!fija) {
      enteras.push(`x${i}`);
      cotas.push(`0 <= x${i} <= ${t.max}`);
      if (conY[i]) {
        filas.push(`x${i} - ${t.max} y${i} <= 0`);
        if (t.min > 1) filas.push(`x${i} - ${t.min} y${i} >= 0`);
      }
    }
  });
  // At most one stretch per offer, and only from a supplier used.
  for (const lista of porOferta.values()) {
    const t = tramos[lista[0]!]!;
    if (!conTerminos.has(t.proveedor)) {
      if (lista.length > 1) filas.push(`${lista.map((i) => `y${i}`).join(' + ')} <= 1`);
      continue;
    }
    const u = `u${t.proveedor}`;
    if (lista.length === 1 && !conY[lista[0]!]) filas.push(`x${lista[0]} - ${t.max} ${u} <= 0`);
    else filas.push(`${lista.map((i) => `y${i}`).join(' + ')} - ${u} <= 0`);
  }
  for (const s of proveedores) {
    const t = terminosDe(s);
    const sub = subtotalDe.get(s)!.join(' + ');
    binarias.push(`u${s}`);
    if (contarProveedores) costo.push(`1 u${s}`);
    if (t.monto_minimo > 0) filas.push(`${sub} - ${t.monto_minimo} u${s} >= 0`);
    if (cobraDespacho(t)) {
      if (t.despacho_gratis_desde === null) costo.push(`${t.costo_despacho * W} u${s}`);
      else {
        binarias.push(`f${s}`);
        costo.push(`${t.costo_despacho * W} f${s}`);
        filas.push(`${sub} + ${t.despacho_gratis_desde} f${s} - ${t.despacho_gratis_desde} u${s} >= 0`);
      }
    }
  }
  if (tope !== null && proveedores.length > tope) filas.push(`${proveedores.map((s) => `u${s}`).join(' + ')} <= ${tope}`);
  const filasLinea = (igual: boolean) =>
    cantidadLinea.flatMap((terminos, l) => (terminos.length === 0 ? [] : [`${terminos.join(' + ')} ${igual ? '=' : '<='} ${objetivos[l]}`]));
  // Each line costs at least its own optimum (the per-line engine's, exact): the cut that gives the
  // relaxation what the volume tiers hide from it (alone, it prices every unit at its best tier).
  const cortes = cotasLinea
    ? costoLineaTerminos.flatMap((terminos, l) => (terminos.length === 0 || cotasLinea[l]! <= 0 ? [] : [`${terminos.join(' + ')} >= ${cotasLinea[l]}`]))
    : [];
  // A supplier whose fee is never waived, unused, leaves its lines (despachosInevitables) at least
  // `extra` dearer: Σ their cost ≥ Σ their optima + extra·(1 − u). The relaxation then pays
  // min(fee, extra) for it, as the bound does.
  if (cotasLinea && inevitables) {
    for (const [s, d] of inevitables.extra) {
      const suyas = inevitables.duenoDe.flatMap((dueno, l) => (dueno === s && costoLineaTerminos[l]!.length > 0 ? [l] : []));
      if (suyas.length === 0 || d <= 0) continue;
      const usado = conTerminos.has(s);
      if (d === Number.POSITIVE_INFINITY) {
        if (usado) cortes.push(`u${s} >= 1`);
        continue;
      }
      const base = suyas.reduce((t, l) => t + cotasLinea[l]!, 0);
      cortes.push(`${suyas.map((l) => costoLineaTerminos[l]!.join(' + ')).join(' + ')}${usado ? ` + ${d} u${s}` : ''} >= ${base + d}`);
    }
  }
  const texto = (objetivo: string, sentido: string, extra: string[]) =>
    [
      sentido,
      ` obj: ${objetivo || '0 u0'}`,
      'Subject To',
      ...[...filas, ...extra].map((f, i) => ` c${i}: ${f}`),
      'Bounds',
      ...cotas.map((c) => ` ${c}`),
      ...(enteras.length ? ['Generals', ` ${enteras.join(' ')}`] : []),
      ...(binarias.length ? ['Binaries', ` ${binarias.join(' ')}`] : []),
      'End',
    ].join('\n');
  const inicio = performance.now();
  // HiGHS overruns its time_limit by its presolve and by reading the text (measured ~40 ms on
  // the bench's baskets): it gets half of what is left.
  const opciones = (s: number) => ({ output_flag: false, mip_rel_gap: 0, mip_abs_gap: 0.5, time_limit: Math.max(0.001, 0.5 * s) });

  let extra = [...filasLinea(true), ...cortes];
  if (cobertura === null) {
    // The most coverage first: maximize Σ x over the lines, each at most its quantity.
    const todas = cantidadLinea.flat();
    if (todas.length === 0) return { plan: lineas.map((l) => l.ofertas.map(() => 0)), optimo: true };
    const r = highs.solve(texto(todas.join(' + '), 'Maximize', filasLinea(false)), opciones(segundos));
    if (r.Status !== 'Optimal') return null;
    const maxima = Math.round(r.ObjectiveValue);
    extra = [...filasLinea(false), `${todas.join(' + ')} >= ${maxima}`];
  }
  const resto = segundos - (performance.now() - inicio) / 1000;
  if (resto <= 0) return null;
  if (tramos.length === 0) return { plan: lineas.map((l) => l.ofertas.map(() => 0)), optimo: true };
  const r = highs.solve(texto(costo.join(' + '), 'Minimize', extra), opciones(resto));
  const optimo = r.Status === 'Optimal';
  if (!optimo && r.Status !== 'Time limit reached') return null;
  const plan: Plan = lineas.map((l) => l.ofertas.map(() => 0));
  tramos.forEach((t, i) => {
    const col = (n: string) => (r.Columns[n] as { Primal?: number } | undefined)?.Primal ?? 0;
    const q = t.min === t.max ? Math.round(col(`y${i}`)) * t.min : Math.round(col(`x${i}`));
    if (q > 0) plan[t.linea]![t.k]! += q;
  });
  // A stretch the solution left empty but "chosen" adds nothing; a plan that breaks a stretch's
  // bounds after rounding is caught by the caller's check (evaluar recomputes every price).
  return { plan, optimo };
}
