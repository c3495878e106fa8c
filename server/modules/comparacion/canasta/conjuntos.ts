import type { TerminosDespacho } from '#common/despacho';
import { precioMinimo, precioUnitario, subtotal } from '#common/precio';
import { SIN_TERMINOS } from '#common/total-entregado';
import { asignacionOptima, PRESUPUESTO_PASOS } from '../motor/engine';
import { TOLERANCIA } from './cierre';
import { cobraDespacho, evaluar, type LineaCanasta, partesMaximas, type Plan } from './plan';

/**
 * The exact cheapest basket under a cap on suppliers, whatever their terms (tiers, minimums, free
 * delivery), when the suppliers that could be in it are few enough to weigh every set of `tope` of
 * them (docs/decisions/014, "Menos proveedores: por conjuntos"). Allowing one more supplier never
 * makes the best basket dearer nor smaller, so the answer is the best over the sets of exactly
 * `tope` suppliers (all of them, when fewer).
 *
 * Best first: each set has a key, (the most units it could cover, the least it could cost), a lower
 * bound of its best basket in that order, made tighter in three steps as the set comes up:
 * 0. each line filled at the cheapest price each of the set's offers reaches (fractional), plus the
 *    fee of every supplier the set cannot cover as much without and whose fee is never waived;
 * 1. each line's exact optimum within the set (the per-line engine), plus those fees;
 * 2. the set's basket solved exactly (`resolver`: the solver without the cap, on the set alone).
 * The best basket found is proven once no set's key can beat it.
 */

/** The solver without the cap on some lines (a set's offers only), by `limite`: its plan, whether proven, and its bound. */
export type ResolverCanasta = (lineas: readonly LineaCanasta[], limite: number) => Promise<{ plan: Plan; optimo: boolean; cota: number }>;

export interface ResultadoConjuntos {
  plan: Plan;
  optimo: boolean;
  /** No basket of the answer's coverage under the cap costs less (−∞ when no bound speaks for it). */
  cota: number;
}

/**
 * The most sets × lines keyed: ~0.1 µs each on this machine, so keying takes ~40–110 ms of the
 * cap's 300 ms (C(200, 2) sets of a 30-line basket, C(25, 5) of a 15-line one; docs/decisions/014).
 */
export const MAX_CELDAS_CONJUNTOS = 1_000_000;

interface Conjunto {
  miembros: number[];
  cobertura: number;
  cota: number;
  /** 0, 1, 2: the step its key comes from; 3: solved but not proven (its search gave up: the clock, or the per-line engine's steps). */
  paso: number;
}

/** C(n, m), or Infinity past `limite`. */
function combinaciones(n: number, m: number, limite: number): number {
  let c = 1;
  for (let i = 1; i <= m; i++) {
    c = (c * (n - m + i)) / i;
    if (c > limite) return Number.POSITIVE_INFINITY;
  }
  return Math.round(c);
}

/** Whether a comes before b: more coverage, then a lower bound, then the further refined. */
const antes = (a: Conjunto, b: Conjunto) =>
  a.cobertura > b.cobertura || (a.cobertura === b.cobertura && (a.cota < b.cota || (a.cota === b.cota && a.paso > b.paso)));

/** A binary heap of sets, the first by `antes` on top. */
class Cola {
  private readonly items: Conjunto[] = [];
  get tope(): Conjunto | undefined {
    return this.items[0];
  }
  push(c: Conjunto) {
    const a = this.items;
    a.push(c);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!antes(a[i]!, a[p]!)) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }
  pop(): Conjunto | undefined {
    const a = this.items;
    const primero = a[0];
    const ultimo = a.pop();
    if (a.length === 0 || !ultimo) return primero;
    a[0] = ultimo;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < a.length && antes(a[l]!, a[m]!)) m = l;
      if (r < a.length && antes(a[r]!, a[m]!)) m = r;
      if (m === i) return primero;
      [a[i], a[m]] = [a[m]!, a[i]!];
      i = m;
    }
  }
}

/**
 * The best basket with at most `tope` of `candidatos` (the suppliers that may be in it), or null when
 * their sets × the lines pass MAX_CELDAS_CONJUNTOS. Stopped by `limite`, the best basket found and its bound.
 */
export async function canastaPorConjuntos(
  lineas: readonly LineaCanasta[],
  terminos: ReadonlyMap<number, TerminosDespacho>,
  candidatos: readonly number[],
  tope: number,
  limite: number,
  resolver: ResolverCanasta,
): Promise<ResultadoConjuntos | null> {
  const n = candidatos.length;
  const m = Math.min(tope, n);
  const conjuntosMaximos = Math.floor(MAX_CELDAS_CONJUNTOS / Math.max(1, lineas.length));
  if (combinaciones(n, m, conjuntosMaximos) > conjuntosMaximos) return null;
  const indice = new Map(candidatos.map((s, j) => [s, j]));
  const T = lineas.map((l) => Math.floor(l.cantidad));
  // Per line: its offers of candidates, cheapest reachable price first, and each candidate's stock.
  const fuentes = lineas.map((l, i) =>
    l.ofertas
      .flatMap((o, k) => {
        const j = indice.get(o.proveedor_id);
        const cap = Math.min(Math.floor(o.stock), T[i]!);
        return j === undefined || cap <= 0 ? [] : [{ k, j, cap, precio: precioMinimo(o, cap) }];
      })
      .sort((a, b) => a.precio - b.precio),
  );
  const L = lineas.length;
  // Each candidate's stock per line (line-major), and the lines where it has some.
  const stock = new Float64Array(L * n);
  fuentes.forEach((f, i) => {
    for (const { j, cap } of f) stock[i * n + j]! += cap;
  });
  const lineasDe = candidatos.map((_, j) => lineas.flatMap((_, i) => (stock[i * n + j]! > 0 ? [i] : [])));
  // The fee of a supplier used, when it is never waived (no free delivery within what it could sell).
  const maximo = partesMaximas(lineas, T);
  const fijo = candidatos.map((s) => {
    const t = terminos.get(s) ?? SIN_TERMINOS;
    const gratis = t.despacho_gratis_desde;
    return cobraDespacho(t) && (gratis === null || gratis > (maximo.get(s) ?? 0)) ? t.costo_despacho : 0;
  });

  // The set being keyed: its members marked, and what each line can supply from them.
  const dentro = new Uint8Array(n);
  const disponible = new Float64Array(L);
  /** Coverage and fees of the set marked in `dentro`; the lines' part comes from `costoLinea`. */
  const clave = (miembros: readonly number[], costoLinea: (i: number, objetivo: number) => number): { cobertura: number; cota: number } => {
    let cobertura = 0;
    let cota = 0;
    for (let i = 0; i < L; i++) {
      let d = 0;
      for (const j of miembros) d += stock[i * n + j]!;
      disponible[i] = d;
      const objetivo = Math.min(T[i]!, d);
      cobertura += objetivo;
      if (objetivo > 0) cota += costoLinea(i, objetivo);
    }
    for (const j of miembros) {
      if (fijo[j] === 0) continue;
      // Needed: without it the set covers less, so every basket of this coverage uses it.
      for (const i of lineasDe[j]!) {
        if (disponible[i]! - stock[i * n + j]! < T[i]!) {
          cota += fijo[j]!;
          break;
        }
      }
    }
    return { cobertura, cota };
  };
  const fraccional = (i: number, objetivo: number) => {
    let falta = objetivo;
    let costo = 0;
    for (const f of fuentes[i]!) {
      if (!dentro[f.j]) continue;
      const q = Math.min(f.cap, falta);
      costo += q * f.precio;
      falta -= q;
      if (falta === 0) break;
    }
    return costo;
  };
  // Step 1 per line, remembered by the line's offers in the set (many sets share them).
  const exactas = lineas.map(() => new Map<string, number>());
  const exacta = (i: number, objetivo: number) => {
    const ks = fuentes[i]!.filter((f) => dentro[f.j]).map((f) => f.k);
    const llave = ks.join(',');
    let costo = exactas[i]!.get(llave);
    if (costo === undefined) {
      const ofertas = ks.map((k) => lineas[i]!.ofertas[k]!);
      // No tie-break: a bound needs the cost, not which of equal plans (ties cost the engine its steps).
      const p = asignacionOptima(ofertas, objetivo, PRESUPUESTO_PASOS, false);
      costo = p.exacta
        ? ofertas.reduce((s, o, r) => s + (p.cantidades[r]! > 0 ? subtotal(p.cantidades[r]!, precioUnitario(o, p.cantidades[r]!)) : 0), 0)
        : fraccional(i, objetivo);
      exactas[i]!.set(llave, costo);
    }
    return costo;
  };
  const conMiembros = <R>(miembros: readonly number[], f: () => R): R => {
    for (const j of miembros) dentro[j] = 1;
    try {
      return f();
    } finally {
      for (const j of miembros) dentro[j] = 0;
    }
  };

  const cola = new Cola();
  const miembros: number[] = [];
  const recorrer = (desde: number) => {
    if (miembros.length === m) {
      const c = [...miembros];
      cola.push({ miembros: c, paso: 0, ...conMiembros(c, () => clave(c, fraccional)) });
      return;
    }
    for (let j = desde; j <= n - (m - miembros.length); j++) {
      miembros.push(j);
      recorrer(j + 1);
      miembros.pop();
    }
  };
  recorrer(0);

  let mejor: { plan: Plan; cobertura: number; total: number } | null = null;
  // Keys within a peso of the best total cannot beat it (totals are whole pesos).
  const resuelto = () => {
    const c = cola.tope;
    return mejor !== null && (!c || c.cobertura < mejor.cobertura || (c.cobertura === mejor.cobertura && Math.ceil(c.cota - TOLERANCIA) >= mejor.total));
  };
  while (!resuelto() && performance.now() < limite) {
    const c = cola.pop()!;
    if (c.paso === 3) {
      cola.push(c);
      break;
    }
    if (c.paso === 0) {
      cola.push({ ...c, paso: 1, ...conMiembros(c.miembros, () => clave(c.miembros, exacta)) });
      continue;
    }
    if (c.paso === 2) continue;
    const { sub, origen } = restringidas(lineas, new Set(c.miembros.map((j) => candidatos[j]!)));
    const r = await resolver(sub, limite);
    const plan = lineas.map((l, i) => {
      const q = new Array<number>(l.ofertas.length).fill(0);
      origen[i]!.forEach((k, r2) => {
        q[k] = r.plan[i]![r2]!;
      });
      return q;
    });
    const cobertura = plan.flat().reduce((s, q) => s + q, 0);
    const { total } = evaluar(lineas, plan, terminos);
    if (!mejor || cobertura > mejor.cobertura || (cobertura === mejor.cobertura && total < mejor.total)) mejor = { plan, cobertura, total };
    // Its own basket stands for it from now on, or, unproven, what it proved of the set.
    cola.push(r.optimo ? { ...c, paso: 2, cobertura, cota: total } : { ...c, paso: 3, cota: Math.max(c.cota, r.cota) });
  }
  if (!mejor) return null;
  const siguiente = cola.tope;
  const cota =
    !siguiente || siguiente.cobertura < mejor.cobertura
      ? mejor.total
      : siguiente.cobertura === mejor.cobertura
        ? Math.min(mejor.total, siguiente.cota)
        : Number.NEGATIVE_INFINITY;
  return { plan: mejor.plan, optimo: resuelto(), cota };
}

/** The lines with only the offers of `proveedores`, and where each kept offer was in its line. */
function restringidas(lineas: readonly LineaCanasta[], proveedores: ReadonlySet<number>) {
  const origen = lineas.map((l) => l.ofertas.flatMap((o, k) => (proveedores.has(o.proveedor_id) ? [k] : [])));
  const sub = lineas.map((l, i) => ({ cantidad: l.cantidad, ofertas: origen[i]!.map((k) => l.ofertas[k]!) }));
  return { sub, origen };
}
