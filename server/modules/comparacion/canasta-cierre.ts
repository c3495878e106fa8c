import type { LineaCanasta, OfertaCanasta, Plan } from './canasta-plan';
import { Abandono, type PreciosLineas, type SolucionLinea } from './canasta-lineas';
import { precioMinimo, precioUnitario } from './precio';

/**
 * Closing a duality gap of the exact search (canasta-busqueda.ts, docs/decisions/014): a node whose
 * relaxed basket has no supplier left to branch on, yet does not cost its bound, because an amount
 * a supplier must reach is missed by whole units or overshot where its multiplier λ prices it.
 * The node's bound is then computed with that amount (or two) kept exact.
 */

/** Engine calls a closing may make (per units left of a line). */
const MAX_CANTIDADES = 1500;
/** States kept per line by a closing. */
const MAX_ESTADOS = 4_000;
/** Combinations of a group's quantities bounded cheaply per closing. */
const MAX_COMBINACIONES = 300_000;
/** Floating-point slack on bounds of ~10⁸ pesos summed over a few thousand terms (errors ~10⁻⁵). */
export const TOLERANCIA = 1e-3;

/**
 * Whether a bound rules out anything strictly cheaper than `mejorTotal`: totals are whole pesos, so
 * a bound within a peso of it does.
 */
export const descarta = (cota: number, mejorTotal: number) => Math.ceil(cota - TOLERANCIA) >= mejorTotal;

/** What a closing needs of the search: the basket's lines, their units, the engine's prices, the clock. */
export interface ContextoCierre {
  lineas: readonly LineaCanasta[];
  objetivos: readonly number[];
  precios: PreciosLineas;
  /** performance.now() past which it stops (Abandono). */
  limite: number;
}

/** A node's relaxation: its bound (with and without the fees no basket avoids) and relaxed basket. */
export interface Relajada {
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

/**
 * The amounts a relaxed basket leaves open: missed, or overshot while their multiplier prices
 * them (what the multiplier hides from the bound), the largest first.
 */
export function abiertas(r: Relajada): Array<[number, number]> {
  const partes = new Map<number, number>();
  for (const sol of r.sols) for (const [s, sub] of sol.subtotales) partes.set(s, (partes.get(s) ?? 0) + sub);
  const huecos: Array<[number, number, number]> = [];
  for (const [s, monto] of r.exigencias) {
    const parte = partes.get(s) ?? 0;
    const hueco = parte < monto ? Number.POSITIVE_INFINITY : (r.lambda.get(s) ?? 0) * (parte - monto);
    if (hueco > 0) huecos.push([s, monto, hueco]);
  }
  return huecos.sort((a, b) => b[2] - a[2]).map(([s, monto]) => [s, monto]);
}

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
export function cerrarBrecha(
  contexto: ContextoCierre,
  r: Relajada,
  grupo: ReadonlyArray<readonly [number, number]>,
  mejorTotal: number,
): { cota: number; plan: Plan } | 'cerrado' | null {
  const { lineas, objetivos, precios, limite } = contexto;
  const cerrado = (cota: number) => descarta(cota, mejorTotal);
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
  for (const i of [...new Set(grupo.flatMap(([s]) => precios.lineasDe.get(s) ?? []))]) {
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
    const V = precios.valor(r.sols[i]!, r.lambda);
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
        if (++baratas > MAX_COMBINACIONES || ((baratas & 4095) === 0 && performance.now() > limite)) return false;
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
    const antes = precios.llamadasResto;
    const resto = precios.resto(x.i, r.fuera, otrosLambda, x.ks, x.T - unidades);
    if (precios.llamadasResto > antes && ++exactas > MAX_CANTIDADES) throw new Abandono();
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
          if ((++vueltas & 4095) === 0 && performance.now() > limite) throw new Abandono();
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
        if ((n > 1 || (++vueltas & 4095) === 0) && performance.now() > limite) throw new Abandono();
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
    if (error instanceof Abandono && performance.now() <= limite && (exactas > MAX_CANTIDADES || demasiados)) {
      return null;
    }
    throw error;
  }
  if (mejor === Number.POSITIVE_INFINITY) return 'cerrado';
  const plan = [...r.plan];
  let valor = 0;
  lineasG.forEach((x, j) => {
    const c = eleccion[j]!;
    const resto = precios.resto(x.i, r.fuera, otrosLambda, x.ks, x.T - c.q.reduce((t, u) => t + u, 0));
    const cantidades = [...resto.cantidades];
    x.ks.forEach((k, g) => {
      if (k >= 0) cantidades[k] = c.q[g]!;
    });
    plan[x.i] = cantidades;
    valor += precisa(j, c).valor;
  });
  const cota = base + valor;
  return cerrado(cota) ? 'cerrado' : { cota, plan };
}
