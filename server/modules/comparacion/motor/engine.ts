import { formatCantidad, formatClp, unidadCorta } from '#common/format';
import { centesimas, redondearCentesimas } from '#common/numeros';
import { iniciosRangos, inicioRango, precioMinimo, precioUnitario, subtotal, type Tarifario } from '#common/precio';

/**
 * The price comparison of one requested line (DESIGN §3), a pure function over plain data: no
 * I/O, no clock. docs/decisions/006 explains the search and why it is exact.
 */

/** An offer as the engine needs it: its prices, its usable stock and the first expiry of that stock. */
export interface OfertaMotor extends Tarifario {
  proveedor_producto_id: number;
  stock: number;
  /** Expiry (YYYY-MM-DD) of the first lot the order would take (first-expired-first-out). */
  fecha_vencimiento: string;
}

export interface Asignacion<O extends OfertaMotor = OfertaMotor> {
  oferta: O;
  cantidad: number;
  /** Unit price for `cantidad` at this offer (precioUnitario). */
  precio: number;
  subtotal: number;
}

/** 'Agrega 20 kg y pagas $4.990/kg': a few more units reach a cheaper tier of one offer. */
export interface Sugerencia {
  proveedor_producto_id: number;
  cantidad_adicional: number;
  cantidad_total: number;
  precio: number;
  total: number;
}

export interface ResultadoLinea<O extends OfertaMotor = OfertaMotor> {
  seleccionadas: Asignacion<O>[];
  adicionales: Asignacion<O>[];
  /** Units of the request no offer can supply (0 when fully covered). */
  faltante: number;
  total: number;
  sugerencia: Sugerencia | null;
  /**
   * False when the search ran out of its budget: the selection is the best plan it found, not
   * proven the cheapest (docs/decisions/006, "El peor caso").
   */
  exacta: boolean;
  /** The search's steps (what a budget counts). */
  pasos: number;
}

/** How far past the requested quantity the nudge looks: "a few more units". */
export const SUGERENCIA_MAXIMA = 0.2;

const asignar = <O extends OfertaMotor>(oferta: O, cantidad: number): Asignacion<O> => {
  const precio = precioUnitario(oferta, cantidad);
  return { oferta, cantidad, precio, subtotal: subtotal(cantidad, precio) };
};

/**
 * Days since 1970 of a YYYY-MM-DD date: the expiry weight of the tie-break. Arithmetic on its
 * digits (the civil-calendar day count): a Date, or a Map of dates seen, per offer was a tenth of the engine.
 */
export function dias(fecha: string): number {
  const digito = (i: number) => fecha.charCodeAt(i) - 48;
  const mes = digito(5) * 10 + digito(6);
  // Years counted from March: the leap day falls at the end of one.
  const anio = digito(0) * 1000 + digito(1) * 100 + digito(2) * 10 + digito(3) - (mes <= 2 ? 1 : 0);
  const diaDelAnio = Math.floor((153 * (mes > 2 ? mes - 3 : mes + 9) + 2) / 5) + digito(8) * 10 + digito(9) - 1;
  const era = Math.floor(anio / 400);
  const anioDeEra = anio - era * 400;
  return era * 146_097 + anioDeEra * 365 + Math.floor(anioDeEra / 4) - Math.floor(anioDeEra / 100) + diaDelAnio - 719_468;
}

/** Up to this many offers, they are ordered by insertion. */
const ORDEN_POR_INSERCION = 64;

/**
 * Offers' indices by the cheapest price they reach, then the later expiry, then the index. A
 * line's few dozen by insertion (the indices come in order, so ties keep it): without a
 * comparator's calls, the engine answered the basket's bounds 5–20 % faster.
 */
function ordenarPorPrecio(indices: number[], minimoDe: readonly number[], venceDe: readonly number[]) {
  if (indices.length > ORDEN_POR_INSERCION) {
    indices.sort((a, b) => minimoDe[a]! - minimoDe[b]! || venceDe[b]! - venceDe[a]! || a - b);
    return;
  }
  for (let a = 1; a < indices.length; a++) {
    const x = indices[a]!;
    let b = a - 1;
    for (; b >= 0; b--) {
      const y = indices[b]!;
      if (!(minimoDe[x]! < minimoDe[y]! || (minimoDe[x] === minimoDe[y] && venceDe[x]! > venceDe[y]!))) break;
      indices[b + 1] = y;
    }
    indices[b + 1] = x;
  }
}

/** One choice for one offer in the search: a fixed quantity, or the single quantity left open. */
interface Seleccion {
  cantidad: number;
  precio: number;
  /** > 0 only for the open choice: how many units above `cantidad` it may still take. */
  holgura: number;
  abierta: boolean;
  /** Tells open choices apart in the memo of the search (0 for fixed ones). */
  id: number;
}

/**
 * The choices of one offer with capacity `cap`. Its quantities 1..cap fall in stretches that
 * start where a priced tier starts; within a stretch the unit price is constant, so the cost is
 * linear. Choices: each end of each stretch, and one open choice strictly inside it. The first
 * stretch costs q·price from q = 0, so its lower end is 0 (the offer unused), not 1: a single unit
 * is no end of anything, and making it one would let the search try a unit at every offer.
 */
function seleccionesDe(oferta: Tarifario, factor: number, cap: number, siguienteId: () => number): Seleccion[] {
  const inicios = iniciosRangos(oferta, 1, cap);
  const selecciones: Seleccion[] = [];
  for (let k = 0; k <= inicios.length; k++) {
    const inicio = k === 0 ? 0 : inicios[k - 1]!;
    const hasta = k < inicios.length ? inicios[k]! - 1 : cap;
    const precio = precioUnitario(oferta, Math.max(1, inicio)) * factor;
    selecciones.push({ cantidad: hasta, precio, holgura: 0, abierta: false, id: 0 });
    if (inicio > 0 && hasta > inicio) selecciones.push({ cantidad: inicio, precio, holgura: 0, abierta: false, id: 0 });
    if (hasta - inicio >= 2) selecciones.push({ cantidad: inicio + 1, precio, holgura: hasta - inicio - 2, abierta: true, id: siguienteId() });
  }
  return selecciones;
}

/**
 * The work the exact search of one line may do before it answers the best plan found so far, in
 * steps: a node entered, or one offer's price looked at by the bound (where the time goes, and
 * what grows with the number of offers). Counted, not timed: a request gets the same answer on a
 * busy machine as on an idle one. Random lines like the bench's take ~1,200 steps at the median,
 * 1.2 million at most in 20,000 (3.3 million with 100 to 300 offers); a crafted line uses all of
 * them in 12 to 19 ms on the bench machine (docs/decisions/006, "El peor caso").
 */
export const PRESUPUESTO_PASOS = 5_000_000;
/**
 * A request's lines share a budget of their own: 200 crafted lines of 5,000,000 steps each would
 * hold the event loop for seconds. A line gets what the earlier ones left, never less than
 * PASOS_MINIMOS_LINEA (so ordinary lines, ~1.2 million steps at most on the bench's catalogue,
 * stay exact whatever came before), never more than PRESUPUESTO_PASOS.
 */
export const PRESUPUESTO_SOLICITUD = 20_000_000;
export const PASOS_MINIMOS_LINEA = 1_500_000;

/** The budget of the next line of a request whose earlier lines used `usados` steps. */
export const presupuestoLinea = (usados: number) => Math.min(PRESUPUESTO_PASOS, Math.max(PASOS_MINIMOS_LINEA, PRESUPUESTO_SOLICITUD - usados));

/** What the search answers: the quantity per offer, in input order, and what it cost to find it. */
export interface Plan {
  cantidades: number[];
  /** True when the search finished within its budget: `cantidades` is the optimum. */
  exacta: boolean;
  nodos: number;
  pasos: number;
}

/**
 * The exact minimum-cost allocation of `objetivo` whole units across offers with whole-unit
 * capacities (objetivo ≤ Σ capacidades). Order: cost, then fewer suppliers, then more units of
 * later expiry (Σ qᵢ·expiryᵢ). Returns the quantity per offer, in input order (a Plan).
 *
 * Branch and bound over the offers, cheapest reachable price first. Each offer takes 0, an end of
 * one of its price stretches, or, for at most ONE offer in the whole allocation, a quantity
 * strictly inside a stretch, left open until the others are fixed (it takes what remains). The
 * exchange argument of docs/decisions/006 shows an optimum of that form always exists. The bound
 * fills what remains at each remaining offer's cheapest price reachable with what remains.
 * Everything per offer is computed only when the search reaches it: most lines end after a few
 * nodes, and 50 offers' worth of setup would cost more than the search.
 *
 * The search is exponential in the worst case (a multiple-choice knapsack): after `presupuesto`
 * steps it stops and answers the best plan found, or the greedy one if that is better, and says
 * the plan is not proven optimal (`exacta: false`).
 *
 * With `desempate` false only the cost counts: a plan that ties the best one found is not looked
 * for (the basket's search prices lines for its bounds, where ties are all alike, and lines at
 * prices scaled by a multiplier tie often: exploring every tie ran out of budget). Then `conocida`,
 * a plan of the line already at hand (whole units within the stocks, Σ = objetivo; the same line
 * priced at another multiplier, say), bounds the search from the start, and is the answer when
 * nothing cheaper is: the basket's bounds priced ~9 % faster on its slow baskets.
 */
export function asignacionOptima(
  ofertas: ReadonlyArray<Tarifario & { stock: number; fecha_vencimiento: string }>,
  objetivo: number,
  presupuesto = PRESUPUESTO_PASOS,
  desempate = true,
  conocida?: readonly number[],
): Plan {
  return asignacionPreparada(ofertas, prepararLinea(ofertas, objetivo, desempate), presupuesto, conocida);
}

/**
 * A line's offers as the search reads them for `objetivo` units, per offer in input order: the
 * units it can supply (0: none, or left out), the cheapest price it reaches, its expiry day (0
 * without tie-breaks), a factor on all its prices (1; the basket's multipliers scale some) and its
 * cheapest price at each level (where a priced tier starts). `orden`: the offers that supply,
 * cheapest first, then later expiry.
 */
export interface LineaPreparada {
  objetivo: number;
  /** Whether ties in cost are broken (fewer suppliers, later expiry): what the search then looks for. */
  desempate: boolean;
  capacidadDe: number[];
  minimoDe: number[];
  venceDe: number[];
  factorDe: number[];
  niveles: number[];
  /** Offer i's cheapest price at level l, unscaled: precioNivelDe[i × niveles.length + l]. */
  precioNivelDe: number[];
  orden: number[];
}

/** What asignacionOptima computes of a line's offers before it searches. */
export function prepararLinea(
  ofertas: ReadonlyArray<Tarifario & { stock: number; fecha_vencimiento: string }>,
  objetivo: number,
  desempate: boolean,
): LineaPreparada {
  const n = ofertas.length;
  // Plain arrays, not typed ones: allocating a dozen typed arrays per line cost more than their
  // reads saved (the engine measured 12 % faster without them).
  const capacidadDe = new Array<number>(n).fill(0);
  const minimoDe = new Array<number>(n).fill(0);
  const venceDe = new Array<number>(n).fill(0);
  const niveles = [1];
  const orden: number[] = [];
  for (let i = 0; i < n; i++) {
    const o = ofertas[i]!;
    const cap = Math.min(Math.floor(o.stock), objetivo);
    if (cap <= 0) continue;
    capacidadDe[i] = cap;
    minimoDe[i] = precioMinimo(o, cap);
    // Expiry only breaks ties: without them it is not read.
    if (desempate) venceDe[i] = dias(o.fecha_vencimiento);
    orden.push(i);
    for (const t of o.rangos) {
      const desde = inicioRango(t);
      if (desde > 1 && desde <= cap && !niveles.includes(desde)) niveles.push(desde);
    }
  }
  ordenarPorPrecio(orden, minimoDe, venceDe);
  niveles.sort((a, b) => a - b);

  // Price levels: with r units left an offer reaches the tiers starting at or below min(r, its
  // stock), so its cheapest price depends only on the level of r among the tier starts.
  const L = niveles.length;
  const precioNivelDe = new Array<number>(n * L).fill(0);
  for (const i of orden) {
    const o = ofertas[i]!;
    const cap = capacidadDe[i]!;
    const primero = precioUnitario(o, 1);
    for (let l = 0; l < L; l++) precioNivelDe[i * L + l] = precioMinimo(o, cap < niveles[l]! ? cap : niveles[l]!, primero);
  }
  return { objetivo, desempate, capacidadDe, minimoDe, venceDe, factorDe: new Array<number>(n).fill(1), niveles, precioNivelDe, orden };
}

/**
 * The same line for `objetivo` units (at most the base's), without the offers `fuera` names and with
 * every price of offer i × factor(i) (> 0), nothing priced again: the basket prices each line this
 * way many times (docs/decisions/014). Every tier start is a level, so an offer's cheapest price
 * with fewer units is its price at a lower level; the levels above `objetivo`, and those where
 * only offers left out start a tier, change no bound.
 */
export function restringirLinea(base: LineaPreparada, objetivo: number, fuera: (i: number) => boolean, factor: (i: number) => number): LineaPreparada {
  const n = base.capacidadDe.length;
  const L = base.niveles.length;
  const capacidadDe = new Array<number>(n).fill(0);
  const minimoDe = new Array<number>(n).fill(0);
  const factorDe = new Array<number>(n).fill(1);
  const orden: number[] = [];
  for (const i of base.orden) {
    if (fuera(i)) continue;
    const f = factor(i);
    const cap = Math.min(base.capacidadDe[i]!, objetivo);
    let l = L - 1;
    while (l > 0 && base.niveles[l]! > cap) l--;
    capacidadDe[i] = cap;
    // f × the least is the least of the scaled prices: rounding keeps the order of products.
    minimoDe[i] = base.precioNivelDe[i * L + l]! * f;
    factorDe[i] = f;
    orden.push(i);
  }
  // From the base's order, the few scaled offers move: by insertion, little work.
  ordenarPorPrecio(orden, minimoDe, base.venceDe);
  return { ...base, objetivo, capacidadDe, minimoDe, factorDe, orden };
}

/** asignacionOptima over a line already prepared (prepararLinea, restringirLinea): the search. */
export function asignacionPreparada(
  ofertas: ReadonlyArray<Tarifario>,
  linea: LineaPreparada,
  presupuesto = PRESUPUESTO_PASOS,
  conocida?: readonly number[],
): Plan {
  const { objetivo, desempate, capacidadDe, venceDe, factorDe, niveles, orden } = linea;
  const n = ofertas.length;
  const resultado = new Array<number>(n).fill(0);
  if (objetivo <= 0 || n === 0) return { cantidades: resultado, exacta: true, nodos: 0, pasos: 0 };
  const m = orden.length;

  // Capacity from position j on, to drop at once a branch that can no longer reach the target.
  const capDesde = new Array<number>(m + 1).fill(0);
  // And the latest expiry from position j on, to bound what a tie in cost can still gain.
  const venceMaxDesde = new Array<number>(m + 1).fill(Number.NEGATIVE_INFINITY);
  for (let k = m - 1; k >= 0; k--) {
    capDesde[k] = capDesde[k + 1]! + capacidadDe[orden[k]!]!;
    venceMaxDesde[k] = Math.max(venceMaxDesde[k + 1]!, venceDe[orden[k]!]!);
  }

  // The level prices by position in `orden`, scaled: what the bound reads, level by level.
  const L = niveles.length;
  const precioNivel = new Array<number>(L * m).fill(0);
  for (let k = 0; k < m; k++) {
    const i = orden[k]!;
    const f = factorDe[i]!;
    for (let l = 0; l < L; l++) precioNivel[l * m + k] = linea.precioNivelDe[i * L + l]! * f;
  }
  const nivelDe = (resto: number) => {
    let l = 0;
    while (l + 1 < L && niveles[l + 1]! <= resto) l++;
    return l;
  };

  let ultimoId = 0;
  const siguienteId = () => ++ultimoId;
  const seleccionesEn: Seleccion[][] = [];
  const hijoSeleccion: number[][] = [];
  const hijoCota: number[][] = [];

  const actual = new Array<number>(n).fill(0);
  let mejorCosto = Number.POSITIVE_INFINITY;
  let mejorProveedores = Number.POSITIVE_INFINITY;
  let mejorVence = Number.NEGATIVE_INFINITY;
  // The open offer, while one is: its position in `orden`, its choice, price and room left.
  let abierta = -1;
  let abiertaId = 0;
  let abiertaPrecio = 0;
  let abiertaHolgura = 0;
  let nodos = 0;
  let pasos = 0;
  let agotado = false;
  if (conocida && !desempate) {
    // A plan already at hand bounds the search from the start: only cheaper ones are looked for.
    mejorCosto = 0;
    for (let k = 0; k < n; k++) {
      const q = conocida[k]!;
      resultado[k] = q;
      if (q > 0) mejorCosto += q * (precioUnitario(ofertas[k]!, q) * factorDe[k]!);
    }
  }

  /**
   * Lower bound of filling `resto` units from position j on, plus the open offer's room: each
   * offer at the cheapest price it can reach with at most `resto` units, cheapest first. Knowing
   * `resto` keeps a 1,500-kg tier out of the bound once only 1,000 kg are left.
   */
  const restBound = (j: number, resto: number): number => {
    if (resto <= 0) return 0;
    const base = nivelDe(resto) * m;
    let falta = resto;
    let costo = 0;
    let conAbierta = abierta >= 0 && abiertaHolgura > 0;
    // The cheapest offers one at a time (the next after (ultimoP, ultimoK)), not a full sort: the
    // first one or two usually cover what remains.
    let ultimoP = Number.NEGATIVE_INFINITY;
    let ultimoK = -1;
    while (falta > 0) {
      // Charged here too, not only per node: with thousands of tiny offers one bound alone scans
      // offers × fills, and a budget of nodes would no longer bound the time.
      if (pasos + m - j > presupuesto) {
        agotado = true;
        return Number.POSITIVE_INFINITY;
      }
      pasos += m - j;
      let p = Number.POSITIVE_INFINITY;
      let kk = -1;
      for (let k = j; k < m; k++) {
        const pk = precioNivel[base + k]!;
        if ((pk > ultimoP || (pk === ultimoP && k > ultimoK)) && pk < p) {
          p = pk;
          kk = k;
        }
      }
      if (conAbierta && abiertaPrecio <= p) {
        const q = abiertaHolgura < falta ? abiertaHolgura : falta;
        costo += q * abiertaPrecio;
        falta -= q;
        conAbierta = false;
        continue;
      }
      if (kk < 0) return Number.POSITIVE_INFINITY;
      const cap = capacidadDe[orden[kk]!]!;
      const q = cap < falta ? cap : falta;
      costo += q * p;
      falta -= q;
      ultimoP = p;
      ultimoK = kk;
    }
    return costo;
  };

  // Memo of the search states already entered: the rest of the search from (position, units left,
  // open choice) is the same whatever came before, so an arrival no better in cost, suppliers and
  // expiry than an earlier one cannot lead anywhere better (sums of tier thresholds repeat often).
  const vistos = new Map<number, number>();
  const vistoCosto: number[] = [];
  const vistoProveedores: number[] = [];
  const vistoVence: number[] = [];
  const yaVisto = (clave: number, costo: number, proveedores: number, vence: number): boolean => {
    const k = vistos.get(clave);
    if (k === undefined) {
      vistos.set(clave, vistoCosto.length);
      vistoCosto.push(costo);
      vistoProveedores.push(proveedores);
      vistoVence.push(vence);
      return false;
    }
    if (vistoCosto[k]! <= costo && vistoProveedores[k]! <= proveedores && vistoVence[k]! >= vence) return true;
    if (costo <= vistoCosto[k]! && proveedores <= vistoProveedores[k]! && vence >= vistoVence[k]!) {
      vistoCosto[k] = costo;
      vistoProveedores[k] = proveedores;
      vistoVence[k] = vence;
    }
    return false;
  };

  // What cannot beat the best plan found: more cost, or, without tie-breaks, the same.
  const descartado = (costo: number) => costo > mejorCosto || (!desempate && costo === mejorCosto);

  const registrar = (costo: number, proveedores: number, vence: number, resto: number) => {
    if (descartado(costo)) return;
    if (costo === mejorCosto && (proveedores > mejorProveedores || (proveedores === mejorProveedores && vence <= mejorVence))) return;
    mejorCosto = costo;
    mejorProveedores = proveedores;
    mejorVence = vence;
    for (let k = 0; k < n; k++) resultado[k] = actual[k]!;
    if (abierta >= 0) resultado[orden[abierta]!]! += resto;
  };

  const buscar = (j: number, resto: number, costo: number, proveedores: number, vence: number): void => {
    if (agotado || pasos >= presupuesto) {
      agotado = true;
      return;
    }
    nodos++;
    pasos++;
    if (resto === 0) {
      registrar(costo, proveedores, vence, 0);
      return;
    }
    if (j === m) {
      if (abierta >= 0 && resto <= abiertaHolgura) registrar(costo + resto * abiertaPrecio, proveedores, vence + resto * venceDe[orden[abierta]!]!, resto);
      return;
    }
    if (capDesde[j]! + (abierta >= 0 ? abiertaHolgura : 0) < resto) return;
    // The open offer can take the rest: that is a leaf (every offer from here unused). Any other
    // way on from here uses one supplier more.
    const cierra = abierta >= 0 && resto <= abiertaHolgura;
    if (cierra) registrar(costo + resto * abiertaPrecio, proveedores, vence + resto * venceDe[orden[abierta]!]!, resto);
    const cota = costo + restBound(j, resto);
    if (agotado || descartado(cota)) return;
    if (cota === mejorCosto) {
      // A tie in cost can still win on fewer suppliers (it needs one more from here), or on expiry
      // if the latest expiry left can beat it.
      if (proveedores + 1 > mejorProveedores) return;
      const venceMax = Math.max(venceMaxDesde[j]!, abierta >= 0 ? venceDe[orden[abierta]!]! : Number.NEGATIVE_INFINITY);
      if (proveedores + 1 === mejorProveedores && vence + resto * venceMax <= mejorVence) return;
    }
    // Without tie-breaks an arrival is judged by its cost alone.
    if (yaVisto((abiertaId * (m + 1) + j) * (objetivo + 1) + resto, costo, desempate ? proveedores : 0, desempate ? vence : 0)) return;

    const i = orden[j]!;
    if (!seleccionesEn[j]) {
      seleccionesEn[j] = seleccionesDe(ofertas[i]!, factorDe[i]!, capacidadDe[i]!, siguienteId);
      hijoSeleccion[j] = new Array<number>(seleccionesEn[j].length + 1).fill(0);
      hijoCota[j] = new Array<number>(seleccionesEn[j].length + 1).fill(0);
    }
    const selecciones = seleccionesEn[j]!;
    const seleccion = hijoSeleccion[j]!;
    const cotas = hijoCota[j]!;
    // Children with the lowest bound first: the optimum is found early and its cost prunes the
    // rest (visiting the largest quantity first, 9,999 kg over 50 offers took 18,000 nodes; so, 100).
    let h = 0;
    const agregar = (e: number, c: number) => {
      let x = h++;
      while (x > 0 && cotas[x - 1]! > c) {
        cotas[x] = cotas[x - 1]!;
        seleccion[x] = seleccion[x - 1]!;
        x--;
      }
      cotas[x] = c;
      seleccion[x] = e;
    };
    agregar(-1, costo + restBound(j + 1, resto));
    for (let k = 0; k < selecciones.length; k++) {
      const e = selecciones[k]!;
      if (e.cantidad > resto || (e.abierta && abierta >= 0)) continue;
      if (e.abierta) {
        abierta = j;
        abiertaPrecio = e.precio;
        abiertaHolgura = e.holgura;
      }
      agregar(k, costo + e.cantidad * e.precio + restBound(j + 1, resto - e.cantidad));
      if (e.abierta) abierta = -1;
    }
    for (let x = 0; x < h && !agotado; x++) {
      if (descartado(cotas[x]!)) break;
      const k = seleccion[x]!;
      if (k < 0) {
        buscar(j + 1, resto, costo, proveedores, vence);
        continue;
      }
      const e = selecciones[k]!;
      actual[i] = e.cantidad;
      if (e.abierta) {
        abierta = j;
        abiertaId = e.id;
        abiertaPrecio = e.precio;
        abiertaHolgura = e.holgura;
      }
      buscar(j + 1, resto - e.cantidad, costo + e.cantidad * e.precio, proveedores + 1, vence + e.cantidad * venceDe[i]!);
      if (e.abierta) {
        abierta = -1;
        abiertaId = 0;
      }
      actual[i] = 0;
    }
  };
  buscar(0, objetivo, 0, 0, 0);
  if (agotado) {
    // Out of budget: the best plan found, unless the plain greedy one is better (or none was found).
    const voraz = planVoraz(ofertas, linea);
    const v = valorDe(ofertas, factorDe, voraz, venceDe);
    if (v.costo < mejorCosto || (v.costo === mejorCosto && (v.proveedores < mejorProveedores || (v.proveedores === mejorProveedores && v.vence > mejorVence))))
      return { cantidades: voraz, exacta: false, nodos, pasos };
  }
  return { cantidades: resultado, exacta: !agotado, nodos, pasos };
}

/**
 * A plan always at hand: each offer, by the unit price it reaches with all it can supply, takes
 * all it can until the target is met. Feasible (Σ capacities ≥ target); the budget's floor.
 */
function planVoraz(ofertas: ReadonlyArray<Tarifario>, { capacidadDe, factorDe, orden: candidatas, objetivo }: LineaPreparada): number[] {
  const precioLleno = (i: number) => precioUnitario(ofertas[i]!, capacidadDe[i]!) * factorDe[i]!;
  const cantidades = new Array<number>(ofertas.length).fill(0);
  let resto = objetivo;
  for (const i of [...candidatas].sort((a, b) => precioLleno(a) - precioLleno(b) || a - b)) {
    if (resto === 0) break;
    cantidades[i] = Math.min(capacidadDe[i]!, resto);
    resto -= cantidades[i]!;
  }
  return cantidades;
}

/** A plan's place in the search's order: cost, suppliers, units × expiry day. */
function valorDe(ofertas: ReadonlyArray<Tarifario>, factorDe: readonly number[], cantidades: readonly number[], venceDe: readonly number[]) {
  let costo = 0;
  let proveedores = 0;
  let vence = 0;
  cantidades.forEach((q, i) => {
    if (q <= 0) return;
    costo += q * (precioUnitario(ofertas[i]!, q) * factorDe[i]!);
    proveedores++;
    vence += q * venceDe[i]!;
  });
  return { costo, proveedores, vence };
}

/**
 * One requested line: the selected options (the optimal allocation of the quantity, or all the
 * stock when there is less), every other offer as an additional option priced for what it could
 * supply, the shortfall, and the next-tier nudge.
 */
export function compararLinea<O extends OfertaMotor>(cantidad: number, ofertas: readonly O[], presupuesto = PRESUPUESTO_PASOS): ResultadoLinea<O> {
  const stockTotal = ofertas.reduce((s, o) => s + o.stock, 0);
  // Less stock than asked: everything there is, at the price of what each offer supplies.
  const { cantidades, exacta, pasos } =
    stockTotal <= cantidad
      ? { cantidades: ofertas.map((o) => o.stock), exacta: true, pasos: 0 }
      : asignacionOptima(
          ofertas,
          Math.min(
            cantidad,
            ofertas.reduce((s, o) => s + Math.floor(o.stock), 0),
          ),
          presupuesto,
        );
  return resultadoLinea(cantidad, ofertas, cantidades, exacta, pasos);
}

/**
 * A line's result for given quantities per offer (input order): the offers bought from as
 * selected options, every other one as an additional option priced for what it could supply, the
 * shortfall and the next-tier nudge. compararLinea's own plan, or the delivered basket's (canasta.ts).
 */
export function resultadoLinea<O extends OfertaMotor>(
  cantidad: number,
  ofertas: readonly O[],
  cantidades: readonly number[],
  exacta: boolean,
  pasos: number,
): ResultadoLinea<O> {
  const seleccionadas: Asignacion<O>[] = [];
  const adicionales: Asignacion<O>[] = [];
  ofertas.forEach((o, k) => {
    const q = cantidades[k]!;
    if (q > 0) seleccionadas.push(asignar(o, q));
    else adicionales.push(asignar(o, Math.min(cantidad, o.stock)));
  });
  seleccionadas.sort((a, b) => b.cantidad - a.cantidad || a.precio - b.precio);
  adicionales.sort((a, b) => a.precio - b.precio || b.cantidad - a.cantidad);
  const asignado = seleccionadas.reduce((s, a) => s + centesimas(a.cantidad), 0) / 100;
  const total = seleccionadas.reduce((s, a) => s + a.subtotal, 0);
  const faltante = Math.max(0, redondearCentesimas(cantidad - asignado));
  return { seleccionadas, adicionales, faltante, total, sugerencia: faltante > 0 ? null : sugerenciaPara(cantidad, total, ofertas), exacta, pasos };
}

/**
 * The next-tier nudge: a tier of one offer reachable with at most SUGERENCIA_MAXIMA more units
 * that lowers the line's total, or at least its unit price. A lower total wins, then the lower
 * unit price, then fewer units added.
 */
function sugerenciaPara(cantidad: number, total: number, ofertas: readonly OfertaMotor[]): Sugerencia | null {
  const tope = Math.floor(cantidad * (1 + SUGERENCIA_MAXIMA));
  const precioMedio = total / cantidad;
  let mejor: Sugerencia | null = null;
  for (const o of ofertas) {
    // Each tier's start as it comes (no array per offer: this runs for every offer of every line).
    for (const t of o.rangos) {
      const nueva = inicioRango(t);
      if (nueva <= cantidad || nueva > tope || nueva > o.stock) continue;
      const precio = precioUnitario(o, nueva);
      const nuevoTotal = subtotal(nueva, precio);
      if (!(nuevoTotal < total || precio < precioMedio)) continue;
      const s = { proveedor_producto_id: o.proveedor_producto_id, cantidad_adicional: nueva - cantidad, cantidad_total: nueva, precio, total: nuevoTotal };
      if (!mejor || esMejorSugerencia(s, mejor, total)) mejor = s;
    }
  }
  return mejor;
}

const esMejorSugerencia = (a: Sugerencia, b: Sugerencia, total: number) => {
  const baja = (s: Sugerencia) => (s.total < total ? 0 : 1);
  const orden = baja(a) - baja(b) || a.precio - b.precio || a.cantidad_adicional - b.cantidad_adicional || a.proveedor_producto_id - b.proveedor_producto_id;
  return orden < 0;
};

/** The nudge: 'Agrega 20 kg y pagas $4.990/kg'. */
export const mensajeSugerencia = (s: Sugerencia, unidad: string) =>
  `Agrega ${formatCantidad(s.cantidad_adicional, unidad)} y pagas ${formatClp(s.precio)}/${unidadCorta(unidad, 1)}`;
