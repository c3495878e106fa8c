import type { TerminosDespacho } from '#common/despacho';
import { iniciosRangos, precioMinimo, precioUnitario } from '#common/precio';
import { SIN_TERMINOS } from '#common/total-entregado';
import { TOLERANCIA } from './cierre';
import { cobraDespacho, type LineaCanasta, objetivoDe, partesMaximas, type Plan } from './plan';

/**
 * The exact delivered basket when every supplier only charges a fee (docs/decisions/014, "La
 * descomposición"): no tiers within reach, no minimum a single unit does not meet, no free delivery
 * within reach. This is the facility-location problem of the public ISHOP-U benchmark: open
 * suppliers (each pays its fee once), buy each line from open ones within stock.
 *
 * The bound is a Lagrangian decomposition: each line decides on its own which offers it uses (y_k),
 * the basket which suppliers it opens (y_s), and each link y_k ≤ y_s (s the offer's supplier) is
 * priced by a share w_k ≥ 0 of the fee. For any w the least of
 *   Σ_s (fee_s − Σ_{k of s} w_k)·y_s  +  Σ_lines min over the offers it uses of (Σ w_k + what it pays)
 * is a lower bound of the basket. A line's part is a knapsack over its offers solved exactly by a
 * dynamic program over units (cheapest first, each offer used takes all it can of what remains: the
 * cheapest fill of a set of offers), so the bound keeps each line's integrality and is much tighter
 * than the linear relaxation (docs/decisions/014's appendix measures both).
 * w is improved by subgradient steps (Polyak's step against the best basket known), then a branch
 * and bound on suppliers (open / closed, lowest bound first) proves the optimum, fixing suppliers
 * whose reduced cost alone rules one state out. A cap on suppliers (`tope`) is exact in the
 * bound: the basket opens at most `tope`, those whose share makes them cheapest.
 *
 * Units are scaled by the gcd of every quantity and stock (100 kg when every line and lot is in
 * hundreds): with linear prices and no amounts to reach, the cheapest fill of any set of offers
 * takes whole multiples of it, so nothing is lost.
 */

export interface EntradaDescomposicion {
  lineas: readonly LineaCanasta[];
  /** performance.now() past which it answers the best basket it has. */
  limite: number;
  /** At most this many suppliers (the most coverage first). */
  tope?: number;
}

export interface ResultadoDescomposicion {
  plan: Plan;
  optimo: boolean;
  /** No basket of the answer's coverage costs less (−∞ when no bound speaks for it). */
  cota: number;
}

/** Σ over lines of offers × (units + 1): the dynamic program's cells per pass, kept within a few ms. */
const MAX_CELDAS = 400_000;
/**
 * Subgradient steps per round at the root, and its rounds (the pruning between them shrinks the next
 * round's knapsacks: 10 × 40 proved ISHOP-U in the root, 1 × 400 took 5–10 times as long); steps at
 * each other node; steps without gain before θ halves.
 */
const PASOS_RAIZ = 40;
const RONDAS_RAIZ = 10;
const PASOS_NODO = 40;
const PACIENCIA = 12;
const MAX_NODOS = 20_000;

/**
 * The fee each supplier of the basket charges whenever it is used, or null when some term or tier
 * makes the basket something else than a facility-location problem (the other paths answer it).
 */
export function despachosFijos(lineas: readonly LineaCanasta[], terminos: ReadonlyMap<number, TerminosDespacho>): Map<number, number> | null {
  const despachos = new Map<number, number>();
  const precioMasBajo = new Map<number, number>();
  let celdas = 0;
  for (const l of lineas) {
    const T = Math.floor(l.cantidad);
    for (const o of l.ofertas) {
      const cap = Math.min(Math.floor(o.stock), T);
      if (cap <= 0) continue;
      if (iniciosRangos(o, 1, cap).length > 0) return null;
      const p = precioUnitario(o, 1);
      precioMasBajo.set(o.proveedor_id, Math.min(precioMasBajo.get(o.proveedor_id) ?? p, p));
    }
    celdas += l.ofertas.length * (T + 1);
  }
  // What each supplier could sell here, read only if some free delivery has to be ruled out (most
  // baskets leave at their first tier, above, on every comparison).
  let maximo: Map<number, number> | undefined;
  for (const [s, precio] of precioMasBajo) {
    const t = terminos.get(s) ?? SIN_TERMINOS;
    // A minimum that one unit meets binds nothing.
    if (t.monto_minimo > precio) return null;
    if (!cobraDespacho(t)) despachos.set(s, 0);
    else if (t.despacho_gratis_desde === null) despachos.set(s, t.costo_despacho);
    else {
      maximo ??= partesMaximas(
        lineas,
        lineas.map((l) => Math.floor(l.cantidad)),
      );
      if (t.despacho_gratis_desde > (maximo.get(s) ?? 0)) despachos.set(s, t.costo_despacho);
      else return null;
    }
  }
  // Far too many units for the dynamic program: not even worth the gcd (which may divide them by
  // 100 at most in practice: quantities in kg, lots in hundreds). Checked again there, exactly.
  if (celdas > 100 * MAX_CELDAS) return null;
  return despachos;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

interface LineaEscalada {
  linea: number;
  /** Units to supply, in multiples of the scale. */
  D: number;
  /** Offers cheapest first: index in the line (−1: the "not supplied" source under a cap), supplier index, price per scaled unit, units. */
  k: Int32Array;
  proveedor: Int32Array;
  precio: Float64Array;
  cap: Int32Array;
  /** The dynamic program's tables, (offers + 1) × (D + 1): from each offer on (F), up to it (G). */
  F: Float64Array;
  G: Float64Array;
}

/** A node: suppliers fixed open (1) or closed (−1), 0 free; its shares w; its bound. */
interface Nodo {
  estado: Int8Array;
  /** Per line, the offers still allowed (cheapest first): a closed supplier's, and those the bound rules out, are not. */
  activas: Int32Array[];
  w: Float64Array[];
  cota: number;
}

export function canastaPorDescomposicion(entrada: EntradaDescomposicion, despachos: ReadonlyMap<number, number>): ResultadoDescomposicion | null {
  const { lineas, limite } = entrada;
  const objetivos = lineas.map((l) => objetivoDe(l, new Set()));
  let g = 0;
  lineas.forEach((l, i) => {
    if (objetivos[i]! <= 0) return;
    g = gcd(g, objetivos[i]!);
    for (const o of l.ofertas) {
      const cap = Math.min(Math.floor(o.stock), objetivos[i]!);
      if (cap > 0) g = gcd(g, cap);
    }
  });
  // Nothing to supply: the empty basket.
  if (g === 0) return { plan: lineas.map((l) => l.ofertas.map(() => 0)), optimo: true, cota: 0 };
  const proveedores = [...despachos.keys()].sort((a, b) => a - b);
  const indiceProveedor = new Map(proveedores.map((s, i) => [s, i]));
  const m = proveedores.length;
  const despacho = Float64Array.from(proveedores, (s) => despachos.get(s)!);
  const tope = entrada.tope !== undefined && entrada.tope < m ? entrada.tope : m;
  const hayTope = tope < m;
  // Each line's offers, cheapest first, in units of g.
  const ofertas = lineas.map((l, i) => {
    const T = objetivos[i]!;
    return l.ofertas
      .map((o, k) => ({ k, proveedor: indiceProveedor.get(o.proveedor_id)!, precio: precioUnitario(o, 1) * g, cap: Math.min(Math.floor(o.stock), T) / g }))
      .filter((o) => o.cap > 0)
      .sort((a, b) => a.precio - b.precio || a.k - b.k);
  });
  // Under a cap a line may stay short: a source of its own (no supplier) at a price above any
  // basket's total keeps "most coverage first" in one objective.
  let precioSinProveedor = 1;
  for (const d of despacho) precioSinProveedor += d;
  ofertas.forEach((ofs, i) => {
    precioSinProveedor += (ofs.at(-1)?.precio ?? 0) * (objetivos[i]! / g);
  });
  let celdas = 0;
  ofertas.forEach((ofs, i) => {
    celdas += (ofs.length + 2) * (objetivos[i]! / g + 1);
  });
  if (celdas > MAX_CELDAS) return null;
  const escaladas: LineaEscalada[] = [];
  ofertas.forEach((ofs, i) => {
    const D = objetivos[i]! / g;
    if (D <= 0) return;
    if (hayTope) ofs.push({ k: -1, proveedor: -1, precio: precioSinProveedor, cap: D });
    const tabla = (ofs.length + 1) * (D + 1);
    escaladas.push({
      linea: i,
      D,
      k: Int32Array.from(ofs, (o) => o.k),
      proveedor: Int32Array.from(ofs, (o) => o.proveedor),
      precio: Float64Array.from(ofs, (o) => o.precio),
      cap: Int32Array.from(ofs, (o) => o.cap),
      F: new Float64Array(tabla),
      G: new Float64Array(tabla),
    });
  });

  // --- The Lagrangian bound of a node -------------------------------------------------------
  /** Per line, per offer: whether the line's program uses it (of the last evaluation). */
  const usa = escaladas.map((p) => new Uint8Array(p.k.length));
  const abierta = new Uint8Array(m);
  const valor = new Float64Array(m);
  /**
   * A line's least cost with shares w over its allowed offers (the table F: from each offer on,
   * each taking all it can of what remains); marks in u the offers it uses.
   */
  const programaLinea = (p: LineaEscalada, w: Float64Array, act: Int32Array, u: Uint8Array): number => {
    const { D, F, precio, cap, proveedor } = p;
    const A = act.length;
    const W = D + 1;
    let base = A * W;
    F[base] = 0;
    for (let r = 1; r <= D; r++) F[base + r] = Number.POSITIVE_INFINITY;
    for (let t = A - 1; t >= 0; t--) {
      const k = act[t]!;
      const fila = t * W;
      const c = cap[k]!;
      const pk = precio[k]!;
      const wk = proveedor[k]! >= 0 ? w[k]! : 0;
      F[fila] = 0;
      for (let r = 1; r <= D; r++) {
        const q = r < c ? r : c;
        const a = F[base + r]!;
        const b = wk + pk * q + F[base + r - q]!;
        F[fila + r] = a <= b ? a : b;
      }
      base = fila;
    }
    u.fill(0);
    let r = D;
    for (let t = 0; t < A && r > 0; t++) {
      if (F[t * W + r]! !== F[(t + 1) * W + r]!) {
        const k = act[t]!;
        u[k] = 1;
        r -= r < cap[k]! ? r : cap[k]!;
      }
    }
    return F[D]!;
  };
  /** The node's bound for shares w: fills usa, abierta, valor (each supplier's fee less its shares). */
  const evaluarCota = (nodo: Nodo): number => {
    const { w, estado, activas } = nodo;
    valor.set(despacho);
    let L = 0;
    for (let j = 0; j < escaladas.length; j++) {
      const p = escaladas[j]!;
      L += programaLinea(p, w[j]!, activas[j]!, usa[j]!);
      const wj = w[j]!;
      for (const k of activas[j]!) if (p.proveedor[k]! >= 0) valor[p.proveedor[k]!]! -= wj[k]!;
    }
    if (!Number.isFinite(L)) return L;
    abierta.fill(0);
    let abiertas = 0;
    for (let s = 0; s < m; s++) {
      if (estado[s] === 1) {
        abierta[s] = 1;
        L += valor[s]!;
        abiertas++;
      }
    }
    if (abiertas > tope) return Number.POSITIVE_INFINITY;
    const libres: number[] = [];
    for (let s = 0; s < m; s++) if (estado[s] === 0 && valor[s]! < 0) libres.push(s);
    if (libres.length > tope - abiertas) libres.sort((a, b) => valor[a]! - valor[b]!);
    for (let x = 0; x < libres.length && x < tope - abiertas; x++) {
      abierta[libres[x]!] = 1;
      L += valor[libres[x]!]!;
    }
    return L;
  };
  /**
   * For each allowed offer of a line, with the shares of the last evaluation: what the line's least
   * cost becomes without it (sin) and made to use it (con), from F and the table up to each offer (G:
   * the least cost of the cheaper offers used, by units they covered).
   */
  const sin = escaladas.map((p) => new Float64Array(p.k.length));
  const con = escaladas.map((p) => new Float64Array(p.k.length));
  const sensibilidad = (j: number, w: Float64Array, act: Int32Array) => {
    const p = escaladas[j]!;
    const { D, F, G, precio, cap, proveedor } = p;
    const A = act.length;
    const W = D + 1;
    G.fill(Number.POSITIVE_INFINITY, 0, (A + 1) * W);
    G[0] = 0;
    for (let t = 0; t < A; t++) {
      const k = act[t]!;
      const g0 = t * W;
      const f1 = (t + 1) * W;
      const c = cap[k]!;
      const pk = precio[k]!;
      const wk = proveedor[k]! >= 0 ? w[k]! : 0;
      let sinK = Number.POSITIVE_INFINITY;
      let conK = Number.POSITIVE_INFINITY;
      for (let x = 0; x <= D; x++) {
        const gx = G[g0 + x]!;
        if (gx === Number.POSITIVE_INFINITY) continue;
        const a = gx + F[f1 + D - x]!;
        if (a < sinK) sinK = a;
        if (x < D) {
          const q = D - x < c ? D - x : c;
          const b = gx + wk + pk * q;
          const cb = b + F[f1 + D - x - q]!;
          if (cb < conK) conK = cb;
          if (b < G[f1 + x + q]!) G[f1 + x + q] = b;
        }
        if (gx < G[f1 + x]!) G[f1 + x] = gx;
      }
      sin[j]![k] = sinK;
      con[j]![k] = conK;
    }
  };

  // --- Baskets: a set of open suppliers, each line filled cheapest first ---------------------
  /**
   * A line filled from the open suppliers (null: all of them), cheapest first, each offer taking
   * all it can of what remains; `tomar` hears each offer used. Its cost, +∞ if they cannot fill it.
   */
  const llenar = (p: LineaEscalada, abiertos: Uint8Array | null, tomar?: (k: number, q: number) => void): number => {
    let resto = p.D;
    let costo = 0;
    for (let k = 0; k < p.proveedor.length && resto > 0; k++) {
      const t = p.proveedor[k]!;
      if (t >= 0 && abiertos && !abiertos[t]) continue;
      const q = resto < p.cap[k]! ? resto : p.cap[k]!;
      costo += q * p.precio[k]!;
      resto -= q;
      tomar?.(k, q);
    }
    return resto > 0 ? Number.POSITIVE_INFINITY : costo;
  };
  const costoLinea = (p: LineaEscalada, abiertos: Uint8Array) => llenar(p, abiertos);
  const lineasDe: number[][] = Array.from({ length: m }, () => []);
  escaladas.forEach((p, j) => {
    for (const t of new Set(p.proveedor)) if (t >= 0) lineasDe[t]!.push(j);
  });
  let mejor = Number.POSITIVE_INFINITY;
  let mejorAbiertos = new Uint8Array(m);
  /** Until when the root of a small basket may run past `limite` (see `esPequena` below). */
  let garantia = Number.NEGATIVE_INFINITY;
  const vistos = new Set<string>();
  /**
   * Local search from a set: the best single drop, add (within the cap) or swap, while it pays;
   * `vueltas` moves are made even past `hasta` (a capped basket's first suppliers).
   */
  const mejorarConjunto = (inicial: Uint8Array, estado: Int8Array, hasta = limite, vueltas = 0) => {
    const clave = inicial.join('');
    if (vistos.has(clave)) return;
    vistos.add(clave);
    const abiertos = Uint8Array.from(inicial);
    const costos = escaladas.map((p) => costoLinea(p, abiertos));
    let n = 0;
    let total = 0;
    for (let s = 0; s < m; s++)
      if (abiertos[s]) {
        n++;
        total += despacho[s]!;
      }
    for (const c of costos) total += c;
    const delta = (s: number, v: 0 | 1) => {
      abiertos[s] = v;
      let d = v ? despacho[s]! : -despacho[s]!;
      for (const j of lineasDe[s]!) d += costoLinea(escaladas[j]!, abiertos) - costos[j]!;
      abiertos[s] = v ? 0 : 1;
      return d;
    };
    const aplicar = (s: number, v: 0 | 1) => {
      abiertos[s] = v;
      for (const j of lineasDe[s]!) costos[j] = costoLinea(escaladas[j]!, abiertos);
      n += v ? 1 : -1;
    };
    for (let vuelta = 0; vuelta < 4 * m && (vuelta < vueltas || performance.now() < hasta); vuelta++) {
      let mejorD = -TOLERANCIA;
      let movida: [number, 0 | 1] | null = null;
      for (let s = 0; s < m; s++) {
        if (estado[s] !== 0) continue;
        if (abiertos[s] || n < tope) {
          const d = delta(s, abiertos[s] ? 0 : 1);
          if (d < mejorD) {
            mejorD = d;
            movida = [s, abiertos[s] ? 0 : 1];
          }
        }
      }
      if (movida) {
        aplicar(...movida);
        total += mejorD;
        continue;
      }
      // At the cap, a swap: the best supplier to close for each one that could open.
      if (n < tope || !hayTope) break;
      let cambio: [number, number] | null = null;
      for (let a = 0; a < m; a++) {
        if (estado[a] !== 0 || abiertos[a]) continue;
        const da = delta(a, 1);
        aplicar(a, 1);
        for (let s = 0; s < m; s++) {
          if (estado[s] !== 0 || !abiertos[s] || s === a) continue;
          const d = da + delta(s, 0);
          if (d < mejorD) {
            mejorD = d;
            cambio = [a, s];
          }
        }
        aplicar(a, 0);
      }
      if (!cambio) break;
      aplicar(cambio[0], 1);
      aplicar(cambio[1], 0);
      total += mejorD;
    }
    if (n <= tope && total < mejor - TOLERANCIA) {
      mejor = total;
      mejorAbiertos = abiertos;
    }
  };

  // --- Subgradient steps on the shares of a node ---------------------------------------------
  const mejorPaso = { L: Number.NEGATIVE_INFINITY, usa: usa.map((u) => new Uint8Array(u.length)), abierta: new Uint8Array(m), valor: new Float64Array(m) };
  /** Improves the node's shares in place (left at the best reached); answers that bound, whose answer `mejorPaso` keeps. */
  const ascender = (nodo: Nodo, pasos: number): number => {
    const { w, estado, activas } = nodo;
    const mejorW = w.map((a) => Float64Array.from(a));
    mejorPaso.L = Number.NEGATIVE_INFINITY;
    let theta = 1;
    let sinMejora = 0;
    for (let it = 0; it < pasos; it++) {
      const L = evaluarCota(nodo);
      if (!Number.isFinite(L)) return L;
      if (L > mejorPaso.L + TOLERANCIA) {
        // Gains under half a peso do not count as progress (totals are whole pesos).
        if (L > mejorPaso.L + 0.5) sinMejora = 0;
        mejorPaso.L = L;
        mejorPaso.usa.forEach((u, j) => {
          u.set(usa[j]!);
        });
        mejorPaso.abierta.set(abierta);
        mejorPaso.valor.set(valor);
        mejorW.forEach((a, j) => {
          a.set(w[j]!);
        });
      } else if (++sinMejora >= PACIENCIA) {
        theta /= 2;
        sinMejora = 0;
        if (theta < 1e-3) break;
      }
      if (mejorPaso.L > mejor - 1 + TOLERANCIA || performance.now() > Math.max(limite, garantia)) break;
      let norma = 0;
      for (let j = 0; j < escaladas.length; j++) {
        const p = escaladas[j]!;
        const u = usa[j]!;
        for (const k of activas[j]!) {
          const t = p.proveedor[k]!;
          if (t < 0 || estado[t] === 1) continue;
          const d = u[k]! - abierta[t]!;
          norma += d * d;
        }
      }
      if (norma === 0) break;
      const paso = (theta * Math.max(mejor - L, 1)) / norma;
      for (let j = 0; j < escaladas.length; j++) {
        const p = escaladas[j]!;
        const u = usa[j]!;
        const wj = w[j]!;
        for (const k of activas[j]!) {
          const t = p.proveedor[k]!;
          if (t < 0 || estado[t] === 1) continue;
          const v = wj[k]! + paso * (u[k]! - abierta[t]!);
          wj[k] = v > 0 ? v : 0;
        }
      }
    }
    w.forEach((a, j) => {
      a.set(mejorW[j]!);
    });
    return mejorPaso.L;
  };

  /**
   * A basket from the bound's answer: the suppliers some line uses and those forced open; under a
   * cap, the ones the basket's part opened (never more than the cap).
   */
  const candidato = (estado: Int8Array) => {
    const abiertos = new Uint8Array(m);
    for (let s = 0; s < m; s++) if (estado[s] === 1 || (hayTope && mejorPaso.abierta[s])) abiertos[s] = 1;
    if (!hayTope) {
      escaladas.forEach((p, j) => {
        const u = mejorPaso.usa[j]!;
        for (let k = 0; k < p.proveedor.length; k++) if (u[k] && p.proveedor[k]! >= 0) abiertos[p.proveedor[k]!] = 1;
      });
    }
    mejorarConjunto(abiertos, estado, Math.max(limite, garantia));
  };

  const cerrado = (cota: number) => cota > mejor - 1 + TOLERANCIA;
  /**
   * What the bound proves of each free supplier's two states, at the node's best shares: the
   * offers and suppliers whose use alone closes the node leave it (in place), and per supplier the
   * bound with it open and with it closed, for branching.
   */
  const cotaAbrir = new Float64Array(m);
  const cotaCerrar = new Float64Array(m);
  const subeEnLinea = new Float64Array(m).fill(-1);
  const podar = (nodo: Nodo) => {
    const L = mejorPaso.L;
    const { estado, activas, w } = nodo;
    // The line programs again, at the best shares (their tables are what sensibilidad reads).
    cotaCerrar.fill(0);
    for (let j = 0; j < escaladas.length; j++) {
      const p = escaladas[j]!;
      const base = programaLinea(p, w[j]!, activas[j]!, usa[j]!);
      sensibilidad(j, w[j]!, activas[j]!);
      const quedan: number[] = [];
      // A supplier with two offers in the line loses both at once: what the line costs without
      // it is at least the most it costs without either (the increases do not add).
      const tocados: number[] = [];
      for (const k of activas[j]!) {
        const t = p.proveedor[k]!;
        if (!cerrado(L + con[j]![k]! - base)) quedan.push(k);
        if (t < 0) continue;
        const sube = Math.max(0, sin[j]![k]! - base);
        if (subeEnLinea[t]! < 0) tocados.push(t);
        subeEnLinea[t] = Math.max(subeEnLinea[t]!, sube);
      }
      for (const t of tocados) {
        cotaCerrar[t]! += subeEnLinea[t]!;
        subeEnLinea[t] = -1;
      }
      if (quedan.length < activas[j]!.length) activas[j] = Int32Array.from(quedan);
    }
    let fijosAbiertos = 0;
    let elegidos = 0;
    let peorElegido = Number.NEGATIVE_INFINITY;
    let mejorFuera = 0;
    for (let s = 0; s < m; s++) {
      if (estado[s] === 1) fijosAbiertos++;
      else if (estado[s] === 0 && mejorPaso.abierta[s]) {
        elegidos++;
        peorElegido = Math.max(peorElegido, mejorPaso.valor[s]!);
      } else if (estado[s] === 0) mejorFuera = Math.min(mejorFuera, mejorPaso.valor[s]!);
    }
    const estaLleno = hayTope && fijosAbiertos + elegidos >= tope;
    const usable = new Uint8Array(m);
    escaladas.forEach((p, j) => {
      for (const k of activas[j]!) if (p.proveedor[k]! >= 0) usable[p.proveedor[k]!] = 1;
    });
    for (let s = 0; s < m; s++) {
      if (estado[s] !== 0) continue;
      const v = mejorPaso.valor[s]!;
      cotaAbrir[s] = L + (mejorPaso.abierta[s] ? 0 : estaLleno ? v - peorElegido : Math.max(0, v));
      cotaCerrar[s] = L + cotaCerrar[s]! + (mejorPaso.abierta[s] ? -v + (estaLleno ? mejorFuera : 0) : 0);
      if (cerrado(cotaAbrir[s]!) || !usable[s]) cerrarProveedor(nodo, s);
      else if (cerrado(cotaCerrar[s]!)) abrirProveedor(nodo, s);
    }
  };
  /** An open supplier's fee is paid whatever its shares: they are best at 0 (a line then uses it at its price alone). */
  const abrirProveedor = (nodo: Nodo, s: number) => {
    nodo.estado[s] = 1;
    escaladas.forEach((p, j) => {
      for (let k = 0; k < p.proveedor.length; k++) if (p.proveedor[k] === s) nodo.w[j]![k] = 0;
    });
  };
  const cerrarProveedor = (nodo: Nodo, s: number) => {
    nodo.estado[s] = -1;
    for (let j = 0; j < escaladas.length; j++) {
      const act = nodo.activas[j]!;
      if (act.some((k) => escaladas[j]!.proveedor[k] === s)) nodo.activas[j] = act.filter((k) => escaladas[j]!.proveedor[k] !== s);
    }
  };

  // --- Branch and bound on suppliers -------------------------------------------------------
  // Shares to start from: each fee spread over the lines where its supplier has an offer.
  const w0 = escaladas.map((p) => {
    const w = new Float64Array(p.k.length);
    for (let k = 0; k < p.proveedor.length; k++) {
      const t = p.proveedor[k]!;
      if (t >= 0) w[k] = despacho[t]! / lineasDe[t]!.length;
    }
    return w;
  });
  const raiz: Nodo = { estado: new Int8Array(m), activas: escaladas.map((p) => Int32Array.from(p.k, (_, i) => i)), w: w0, cota: Number.NEGATIVE_INFINITY };
  // A small basket gets its root (well under a millisecond) even with no time left: a basket that
  // waited behind others is still proven when that is cheap.
  const esPequena = celdas * PASOS_RAIZ <= MAX_CELDAS;
  // A first basket: the suppliers each line's cheapest fill uses with all of them open (under a
  // cap, none: the lines short), improved while there is time (it is the answer when there is none).
  // Without a cap a supplier with no fee costs nothing open: it is, from the start.
  if (!hayTope) for (let s = 0; s < m; s++) if (despacho[s] === 0) abrirProveedor(raiz, s);
  const primeras = Uint8Array.from(raiz.estado, (e) => (e === 1 ? 1 : 0));
  if (!hayTope) {
    for (const p of escaladas)
      llenar(p, null, (k) => {
        primeras[p.proveedor[k]!] = 1;
      });
  }
  mejorarConjunto(primeras, raiz.estado, esPequena ? Number.POSITIVE_INFINITY : limite, hayTope ? tope : 0);
  const pendientes: Nodo[] = [raiz];
  let nodos = 0;
  let cotaGlobal = Number.NEGATIVE_INFINITY;
  while (pendientes.length > 0) {
    // Lowest bound first.
    let x = 0;
    for (let y = 1; y < pendientes.length; y++) if (pendientes[y]!.cota < pendientes[x]!.cota) x = y;
    const nodo = pendientes[x]!;
    pendientes[x] = pendientes.at(-1)!;
    pendientes.pop();
    if (cerrado(nodo.cota)) continue;
    if ((performance.now() > limite && (nodos > 0 || !esPequena)) || nodos >= MAX_NODOS) {
      pendientes.push(nodo);
      break;
    }
    nodos++;
    // Its root takes well under a millisecond: 2 ms covers it on a loaded machine.
    if (nodos === 1 && esPequena) garantia = performance.now() + 2;
    // At the root, steps in rounds with the pruning between them: each round's program is smaller.
    const rondas = nodos === 1 ? RONDAS_RAIZ : 1;
    let cota = nodo.cota;
    let podado = false;
    for (let ronda = 0; ronda < rondas; ronda++) {
      cota = Math.max(cota, ascender(nodo, nodos === 1 ? PASOS_RAIZ : PASOS_NODO));
      if (!Number.isFinite(cota) || cerrado(cota) || performance.now() > Math.max(limite, garantia)) break;
      candidato(nodo.estado);
      if (cerrado(cota)) break;
      podar(nodo);
      podado = true;
    }
    garantia = Number.NEGATIVE_INFINITY;
    if (nodos === 1) cotaGlobal = cota;
    if (!Number.isFinite(cota) || cerrado(cota)) continue;
    // Stopped by the clock before its pruning: it stays open, with the bound it reached.
    if (!podado) {
      nodo.cota = cota;
      pendientes.push(nodo);
      break;
    }
    const { estado } = nodo;
    // Branch on the free supplier whose two states both raise the bound most.
    let rama = -1;
    let puntaje = Number.NEGATIVE_INFINITY;
    for (let s = 0; s < m; s++) {
      if (estado[s] !== 0) continue;
      const p = (cotaAbrir[s]! - mejorPaso.L + 1) * (cotaCerrar[s]! - mejorPaso.L + 1);
      if (p > puntaje) {
        puntaje = p;
        rama = s;
      }
    }
    if (rama < 0) {
      // Every supplier fixed: the node is one basket.
      const fijo = new Uint8Array(m);
      for (let s = 0; s < m; s++) fijo[s] = estado[s] === 1 ? 1 : 0;
      mejorarConjunto(fijo, estado);
      continue;
    }
    cota = Math.max(cota, Math.min(cotaAbrir[rama]!, cotaCerrar[rama]!));
    for (const v of [1, -1] as const) {
      const hijo: Nodo = {
        estado: Int8Array.from(estado),
        activas: [...nodo.activas],
        w: nodo.w.map((a) => Float64Array.from(a)),
        cota: Math.max(cota, v === 1 ? cotaAbrir[rama]! : cotaCerrar[rama]!),
      };
      if (cerrado(hijo.cota)) continue;
      if (v === 1) abrirProveedor(hijo, rama);
      else cerrarProveedor(hijo, rama);
      pendientes.push(hijo);
    }
  }
  let cotaRestante = mejor;
  for (const n of pendientes) cotaRestante = Math.min(cotaRestante, n.cota);
  const optimo = pendientes.every((n) => cerrado(n.cota));
  // Fixing keeps only what could beat the best basket: a node's bound above it proves nothing more.
  cotaGlobal = optimo ? mejor : Math.min(mejor, Math.max(cotaGlobal, cotaRestante));

  // The best set of suppliers, as a plan in the lines' units.
  const plan: Plan = lineas.map((l) => l.ofertas.map(() => 0));
  let faltan = 0;
  for (const p of escaladas) {
    llenar(p, mejorAbiertos, (k, q) => {
      if (p.proveedor[k]! >= 0) plan[p.linea]![p.k[k]!] = q * g;
      else faltan += q;
    });
  }
  // A bound speaks for the answer's coverage only when no basket under the cap covers more.
  const cotaValida = faltan === 0 ? cotaGlobal : optimo ? mejor - faltan * precioSinProveedor : Number.NEGATIVE_INFINITY;
  return { plan, optimo, cota: cotaValida };
}

/**
 * Which suppliers a capped basket of any terms should use, roughly: the same problem with every
 * offer at the best price it can reach, no minimum, every fee that can be charged paid and the units
 * grouped (so the dynamic program stays small), solved by the decomposition under the cap. A
 * heuristic for the cap on baskets the decomposition cannot take exactly (canasta.ts, canastaConTope).
 */
export function proveedoresConTope(
  lineas: readonly LineaCanasta[],
  terminos: ReadonlyMap<number, TerminosDespacho>,
  excluidos: ReadonlySet<number>,
  tope: number,
  limite: number,
): Set<number> | null {
  const objetivos = lineas.map((l) => objetivoDe(l, excluidos));
  let grupo = 1;
  const celdas = (q: number) => lineas.reduce((s, l, i) => s + (l.ofertas.length + 2) * (Math.ceil(objetivos[i]! / q) + 1), 0);
  // A quarter of the exact path's size: this only picks suppliers, with a quarter of what is left.
  while (celdas(grupo) > MAX_CELDAS / 4) grupo *= 2;
  const despachos = new Map<number, number>();
  const aproximadas: LineaCanasta[] = lineas.map((l, i) => ({
    cantidad: Math.ceil(objetivos[i]! / grupo),
    ofertas: l.ofertas.flatMap((o) => {
      const cap = Math.min(Math.floor(o.stock), objetivos[i]!);
      if (excluidos.has(o.proveedor_id) || cap <= 0) return [];
      const t = terminos.get(o.proveedor_id) ?? SIN_TERMINOS;
      despachos.set(o.proveedor_id, cobraDespacho(t) ? t.costo_despacho : 0);
      return [{ ...o, tarifa: precioMinimo(o, cap) * grupo, rangos: [], stock: Math.ceil(cap / grupo) }];
    }),
  }));
  const r = canastaPorDescomposicion({ lineas: aproximadas, limite, tope }, despachos);
  if (!r) return null;
  const usados = new Set<number>();
  r.plan.forEach((p, i) => {
    p.forEach((q, k) => {
      if (q > 0) usados.add(aproximadas[i]!.ofertas[k]!.proveedor_id);
    });
  });
  return usados;
}
