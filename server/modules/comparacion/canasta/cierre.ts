import type { LineaCanasta, OfertaCanasta, Plan } from './plan';
import { Abandono, type PreciosLineas, type SolucionLinea } from './lineas';
import { inicioRango, precioMinimo, precioUnitario, subtotal } from '#common/precio';

/**
 * Closing a duality gap of the exact search (canasta/busqueda.ts, docs/decisions/014): a node whose
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

/** Units of each supplier of the group in a line (0 where it has no offer), their parts, and a cheap bound of the reduced cost. */
interface Candidata {
  q: number[];
  sub: number[];
  cota: number;
}

/** One of the group's lines: each supplier's offer there (−1: none), its units, its Lagrangian optimum, its candidates. */
interface LineaGrupo {
  i: number;
  ofertasGrupo: number[];
  objetivo: number;
  optimo: number;
  candidatas: Candidata[];
}

/** A closing cannot tell (too many quantities, combinations or states), as opposed to out of time. */
class SinRespuesta extends Error {}

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
  const lam = grupo.map(([s]) => r.lambda.get(s) ?? 0);
  const holgura = mejorTotal - r.lagrangiana + TOLERANCIA;
  const otrosLambda = new Map(r.lambda);
  for (const [s] of grupo) otrosLambda.delete(s);
  let base = r.lagrangiana;
  grupo.forEach(([, monto], g) => {
    base -= lam[g]! * monto;
  });
  const lineasG: LineaGrupo[] = [];
  const combinaciones = { cuenta: 0 };
  for (const i of [...new Set(grupo.flatMap(([s]) => precios.lineasDe.get(s) ?? []))]) {
    const l = lineas[i]!;
    const ofertasGrupo: number[] = [];
    for (const [s] of grupo) {
      const suyas = l.ofertas.flatMap((o, k) => (o.proveedor_id === s ? [k] : []));
      if (suyas.length > 1) return null;
      ofertasGrupo.push(suyas[0] ?? -1);
    }
    const optimo = precios.valor(r.sols[i]!, r.lambda);
    base -= optimo;
    const linea = { i, ofertasGrupo, objetivo: objetivos[i]!, optimo, candidatas: [] };
    const candidatas = candidatasDeLinea(l, linea, r, lam, holgura, combinaciones, limite);
    if (!candidatas) return null;
    lineasG.push({ ...linea, candidatas });
  }
  lineasG.sort((a, b) => a.candidatas.length - b.candidatas.length);
  for (const x of lineasG) x.candidatas.sort((a, b) => a.cota - b.cota);
  if (lineasG.some((x) => x.candidatas.length === 0)) return 'cerrado';

  let llamadas = 0;
  const exacta = new Map<Candidata, { rc: number; valor: number }>();
  /** A candidate's exact reduced cost, and the line's value with it (the group's λ at 0). */
  const precisa = (j: number, c: Candidata) => {
    const previa = exacta.get(c);
    if (previa) return previa;
    const x = lineasG[j]!;
    const antes = precios.llamadasResto;
    const resto = precios.resto(x.i, r.fuera, otrosLambda, x.ofertasGrupo, x.objetivo - suma(c.q));
    if (precios.llamadasResto > antes && ++llamadas > MAX_CANTIDADES) throw new SinRespuesta();
    let rc = resto.valor - x.optimo;
    let valor = resto.valor;
    c.sub.forEach((v, g) => {
      rc += v * (1 - lam[g]!);
      valor += v;
    });
    const res = { rc, valor };
    exacta.set(c, res);
    return res;
  };
  const alcance = alcances(lineasG, grupo.length);
  if (grupo.some(([, monto], g) => alcance.mas[g]![0]! < monto)) return 'cerrado';

  let mejor: { z: number; seleccion: Candidata[] } | null = null;
  try {
    for (let tope = holgura / 64; ; tope *= 4) {
      const h = Math.min(tope, holgura);
      mejor = programar(lineasG, grupo, lam, h, alcance, precisa, limite);
      if (mejor || h >= holgura) break;
    }
  } catch (error) {
    // It cannot tell: null. Out of time (or an inexact engine): Abandono, the search stops.
    if (error instanceof SinRespuesta) return null;
    throw error;
  }
  if (!mejor) return 'cerrado';
  const plan = [...r.plan];
  let valor = 0;
  lineasG.forEach((x, j) => {
    const c = mejor.seleccion[j]!;
    const resto = precios.resto(x.i, r.fuera, otrosLambda, x.ofertasGrupo, x.objetivo - suma(c.q));
    const cantidades = [...resto.cantidades];
    x.ofertasGrupo.forEach((k, g) => {
      if (k >= 0) cantidades[k] = c.q[g]!;
    });
    plan[x.i] = cantidades;
    valor += precisa(j, c).valor;
  });
  const cota = base + valor;
  return descarta(cota, mejorTotal) ? 'cerrado' : { cota, plan };
}

const suma = (xs: readonly number[]) => xs.reduce((t, x) => t + x, 0);

/**
 * A line's candidates: every combination of the group's units there whose cheap bound of the
 * reduced cost fits the gap. The bound: the group's parts at their λ, and the other offers filled
 * fractionally, each at the best (scaled) price it reaches with what is left to fill (the prices
 * change only where some tier starts, so one sorted list per such level). Null past
 * MAX_COMBINACIONES or the clock.
 */
function candidatasDeLinea(
  l: LineaCanasta,
  linea: Omit<LineaGrupo, 'candidatas'>,
  r: Relajada,
  lam: readonly number[],
  holgura: number,
  combinaciones: { cuenta: number },
  limite: number,
): Candidata[] | null {
  const { ofertasGrupo, objetivo, optimo } = linea;
  const otras: Array<{ x: OfertaCanasta; cap: number; f: number }> = [];
  const niveles = [1];
  let capacidad = 0;
  l.ofertas.forEach((x, k) => {
    if (ofertasGrupo.includes(k) || r.fuera.has(x.proveedor_id)) return;
    const cap = Math.min(Math.floor(x.stock), objetivo);
    if (cap <= 0) return;
    capacidad += cap;
    otras.push({ x, cap, f: 1 - (r.lambda.get(x.proveedor_id) ?? 0) });
    for (const t of x.rangos) {
      const desde = inicioRango(t);
      if (desde > 1 && desde <= cap && !niveles.includes(desde)) niveles.push(desde);
    }
  });
  niveles.sort((a, b) => a - b);
  const listas = niveles.map((nivel) =>
    otras.map(({ x, cap, f }): [number, number] => [precioMinimo(x, Math.min(cap, nivel)) * f, cap]).sort((a, b) => a[0] - b[0]),
  );
  const porNivel = listas.map(rellenador);
  const relleno = (resto: number) => {
    let v = niveles.length - 1;
    while (v > 0 && niveles[v]! > resto) v--;
    return porNivel[v]!(resto);
  };
  // Per supplier of the group, the quantities that pass the cheap bound with the rest of the
  // line fractional (the group's other offers too, at their best price): any combination has a
  // bound at least that, so only these need combining.
  const posibles = ofertasGrupo.map((k, g) => {
    if (k < 0) return [0];
    const o = l.ofertas[k]!;
    const demas: Array<[number, number]> = ofertasGrupo.flatMap((kk, gg) => {
      if (kk < 0 || gg === g) return [];
      const x = l.ofertas[kk]!;
      const cap = Math.min(Math.floor(x.stock), objetivo);
      return cap > 0 ? [[precioMinimo(x, cap) * (1 - lam[gg]!), cap] as [number, number]] : [];
    });
    const capDemas = suma(demas.map(([, cap]) => cap));
    const fuentes = rellenador([...listas.at(-1)!, ...demas].sort((a, b) => a[0] - b[0]));
    const lista: number[] = [];
    for (let x = 0; x <= Math.min(Math.floor(o.stock), objetivo); x++) {
      if (objetivo - x > capacidad + capDemas) continue;
      const sub = x > 0 ? subtotal(x, precioUnitario(o, x)) : 0;
      if (sub * (1 - lam[g]!) + fuentes(objetivo - x) - optimo <= holgura) lista.push(x);
    }
    return lista;
  });
  const n = ofertasGrupo.length;
  const candidatas: Candidata[] = [];
  const q = new Array<number>(n).fill(0);
  const sub = new Array<number>(n).fill(0);
  const recorrer = (g: number, unidades: number, parcial: number): boolean => {
    if (g === n) {
      if (objetivo - unidades > capacidad) return true;
      if (++combinaciones.cuenta > MAX_COMBINACIONES || ((combinaciones.cuenta & 4095) === 0 && performance.now() > limite)) return false;
      const cota = parcial + relleno(objetivo - unidades) - optimo;
      if (cota <= holgura) candidatas.push({ q: [...q], sub: [...sub], cota });
      return true;
    }
    const k = ofertasGrupo[g]!;
    const o = k >= 0 ? l.ofertas[k]! : null;
    for (const x of posibles[g]!) {
      if (unidades + x > objetivo) break;
      q[g] = x;
      sub[g] = x > 0 ? subtotal(x, precioUnitario(o!, x)) : 0;
      if (!recorrer(g + 1, unidades + x, parcial + sub[g]! * (1 - lam[g]!))) return false;
    }
    q[g] = 0;
    sub[g] = 0;
    return true;
  };
  return recorrer(0, 0, 0) ? candidatas : null;
}

/**
 * The fractional fill of `resto` units from sources sorted by price, [price, capacity], all of them
 * when they hold less: by binary search over their running capacity and cost, summed in the order
 * a loop over them would (the same floating-point result), not by walking them per quantity.
 */
function rellenador(fuentes: ReadonlyArray<readonly [number, number]>): (resto: number) => number {
  const capacidades = [0];
  const costos = [0];
  for (const [p, cap] of fuentes) {
    capacidades.push(capacidades.at(-1)! + cap);
    costos.push(costos.at(-1)! + cap * p);
  }
  const n = fuentes.length;
  return (resto) => {
    if (resto <= 0) return 0;
    if (capacidades[n]! < resto) return costos[n]!;
    // The first source that the fill does not take whole.
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (capacidades[mid + 1]! < resto) lo = mid + 1;
      else hi = mid;
    }
    return costos[lo]! + (resto - capacidades[lo]!) * fuentes[lo]![0];
  };
}

/** Per supplier of the group, the most and the least its part can still grow from line j on. */
function alcances(lineasG: readonly LineaGrupo[], n: number) {
  const m = lineasG.length;
  const mas = Array.from({ length: n }, () => new Array<number>(m + 1).fill(0));
  const menos = Array.from({ length: n }, () => new Array<number>(m + 1).fill(0));
  for (let j = m - 1; j >= 0; j--) {
    for (let g = 0; g < n; g++) {
      // Loops, not Math.max(...): a list can hold far more candidates than a call has arguments.
      let mayor = 0;
      let menor = Number.POSITIVE_INFINITY;
      for (const c of lineasG[j]!.candidatas) {
        mayor = Math.max(mayor, c.sub[g]!);
        menor = Math.min(menor, c.sub[g]!);
      }
      mas[g]![j] = mas[g]![j + 1]! + mayor;
      menos[g]![j] = menos[g]![j + 1]! + menor;
    }
  }
  return { mas, menos };
}

/**
 * The cheapest choice of one candidate per line that reaches every amount with Σ reduced costs
 * + Σ λ × excess within h, by dynamic programming over the lines (a search in depth multiplied
 * the lines with many near-free quantities): states (each supplier's part so far, Σ reduced
 * costs), keeping a state only if no other has, for each supplier, as much of its amount (a part
 * counts up to its amount: beyond, it only adds excess) and a lower Σ rc + Σ λ × part (whatever
 * the lines left add, that one does at least as well). Each quantity is priced exactly once.
 */
function programar(
  lineasG: readonly LineaGrupo[],
  grupo: ReadonlyArray<readonly [number, number]>,
  lam: readonly number[],
  h: number,
  alcance: ReturnType<typeof alcances>,
  precisa: (j: number, c: Candidata) => { rc: number },
  limite: number,
): { z: number; seleccion: Candidata[] } | null {
  interface Paso {
    partes: number[];
    rc: number;
    w: number;
    previo: number;
    candidata: Candidata | null;
  }
  const n = grupo.length;
  const m = lineasG.length;
  let vueltas = 0;
  const capas: Paso[][] = [[{ partes: new Array<number>(n).fill(0), rc: 0, w: 0, previo: -1, candidata: null }]];
  for (let j = 0; j < m; j++) {
    const capa = capas[j]!;
    // The layer's states by Σ rc, cheapest first: for a candidate, none after the first that
    // leaves no room fits either (what is added to rc is ≥ 0), so only the pairs that may fit are
    // looked at, and a state is built only for those that do.
    const porRc = capa.map((_, x) => x).sort((a, b) => capa[a]!.rc - capa[b]!.rc);
    const rcMin = capa[porRc[0]!]!.rc;
    // Per useful parts (each capped at its amount), the cheapest state: the others never win.
    const siguiente = new Map<number, Paso>();
    for (const c of lineasG[j]!.candidatas) {
      // Cheapest first: none after this one fits either.
      if (rcMin + c.cota > h) break;
      let exacto: { rc: number } | null = null;
      for (const x of porRc) {
        if ((++vueltas & 4095) === 0 && performance.now() > limite) throw new Abandono();
        const paso = capa[x]!;
        if (paso.rc + c.cota > h) break;
        let exceso = 0;
        let alcanza = true;
        // Σ λ × part, and the useful parts as one key.
        let ponderadas = 0;
        let clave = 0;
        for (let g = 0; g < n; g++) {
          const parte = paso.partes[g]! + c.sub[g]!;
          if (parte + alcance.mas[g]![j + 1]! < grupo[g]![1]) alcanza = false;
          exceso += lam[g]! * Math.max(0, parte + alcance.menos[g]![j + 1]! - grupo[g]![1]);
          ponderadas += lam[g]! * parte;
          clave = clave * (grupo[g]![1] + 1) + Math.min(parte, grupo[g]![1]);
        }
        if (!alcanza || paso.rc + c.cota + exceso > h) continue;
        exacto ??= precisa(j, c);
        const rc = paso.rc + exacto.rc;
        if (rc + exceso > h) continue;
        const w = rc + ponderadas;
        const previo = siguiente.get(clave);
        if (previo && previo.w <= w) continue;
        siguiente.set(clave, { partes: paso.partes.map((parte, g) => parte + c.sub[g]!), rc, w, previo: x, candidata: c });
      }
    }
    const frente: Paso[] = [];
    const alcanzados = new Escalera();
    for (const paso of [...siguiente.values()].sort((a, b) => a.w - b.w)) {
      if ((++vueltas & 4095) === 0 && performance.now() > limite) throw new Abandono();
      const util = (g: number) => (g < n ? Math.min(paso.partes[g]!, grupo[g]![1]) : 0);
      if (alcanzados.alcanza(util(0), util(1))) continue;
      frente.push(paso);
      if (frente.length > MAX_ESTADOS) throw new SinRespuesta();
    }
    if (frente.length === 0) return null;
    capas.push(frente);
  }
  let elegido = -1;
  let mejor = Number.POSITIVE_INFINITY;
  capas[m]!.forEach((paso, x) => {
    if (paso.partes.some((parte, g) => parte < grupo[g]![1])) return;
    let z = paso.rc;
    for (let g = 0; g < n; g++) z += lam[g]! * (paso.partes[g]! - grupo[g]![1]);
    if (z < mejor) {
      mejor = z;
      elegido = x;
    }
  });
  if (elegido < 0) return null;
  const seleccion = new Array<Candidata>(m);
  for (let j = m; j > 0; j--) {
    const paso = capas[j]![elegido]!;
    seleccion[j - 1] = paso.candidata!;
    elegido = paso.previo;
  }
  return { z: mejor, seleccion };
}

/**
 * The useful parts (a, b) of the states a layer kept, cheapest first (b is 0 for a group of one):
 * only those no other reaches on both, by a ascending (b then descends), so whether an earlier,
 * cheaper state reaches as far as a new one on both is one binary search.
 */
class Escalera {
  private readonly a: number[] = [];
  private readonly b: number[] = [];

  /** True when a state kept before reaches (a, b) on both; otherwise (a, b) is kept. */
  alcanza(a: number, b: number): boolean {
    let lo = 0;
    let hi = this.a.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.a[mid]! < a) lo = mid + 1;
      else hi = mid;
    }
    // Of the points reaching a, the first has the most b.
    if (lo < this.a.length && this.b[lo]! >= b) return true;
    // The points short of a that (a, b) now covers: the last ones before lo, b descending.
    let desde = lo;
    while (desde > 0 && this.b[desde - 1]! <= b) desde--;
    this.a.splice(desde, lo - desde, a);
    this.b.splice(desde, lo - desde, b);
    return false;
  }
}
