import { type LineaCanasta, lineasPorProveedor } from './plan';
import { asignacionPreparada, type LineaPreparada, PRESUPUESTO_PASOS, prepararLinea, restringirLinea } from '../motor/engine';
import { precioUnitario, subtotal } from '#common/precio';

/** The exact search gives up: out of time, or the engine could not prove a line. */
export class Abandono extends Error {}

/** A line as the engine left it, at real prices. */
export interface SolucionLinea {
  cantidades: number[];
  /** Σ round(q × precio). */
  costo: number;
  /** Per supplier, its part of this line. */
  subtotales: Map<number, number>;
}

/**
 * The lines of a basket priced by the per-line engine (engine.ts) for the exact search
 * (canasta/busqueda.ts): without some suppliers (`fuera`), with some suppliers' prices scaled by
 * (1 − λ), without some offers and for fewer units. Remembered by what an answer depends on.
 * Past `limite` (performance.now()), or when the engine cannot prove a line, it throws Abandono.
 */
export class PreciosLineas {
  /** Per line, its suppliers; per supplier, its lines. */
  readonly proveedoresLinea: number[][];
  readonly lineasDe: ReadonlyMap<number, readonly number[]>;
  /** Engine calls made for `resto` (what a closing may spend is counted in them). */
  llamadasResto = 0;
  private readonly memo = new Map<string, SolucionLinea>();
  private readonly memoResto = new Map<string, { cantidades: number[]; valor: number }>();
  /** Per line, the last plan the engine gave at its objetivo: a first upper bound for the next call. */
  private readonly ultima: Array<number[] | undefined> = [];
  /** Per line, its offers as the engine reads them for its objetivo (restringirLinea: fewer units, some left out, some scaled). */
  private readonly preparadas: Array<LineaPreparada | undefined> = [];
  /** Per line, offers left out and multipliers, the last plan `resto` gave (for any amount). */
  private readonly ultimoResto = new Map<string, number[]>();

  constructor(
    private readonly lineas: readonly LineaCanasta[],
    private readonly objetivos: readonly number[],
    private readonly limite: number,
  ) {
    this.proveedoresLinea = lineas.map((l) => [...new Set(l.ofertas.map((o) => o.proveedor_id))]);
    this.lineasDe = lineasPorProveedor(lineas);
  }

  /** Line i at its objetivo (or `conocida`, the plan the caller already has for it). */
  linea(i: number, fuera: ReadonlySet<number>, lambda: ReadonlyMap<number, number>, conocida?: number[]): SolucionLinea {
    const clave = `${i}${this.clave(i, fuera, lambda)}`;
    const previa = this.memo.get(clave);
    if (previa) return previa;
    const cantidades = conocida ?? this.plan(i, fuera, lambda, [], this.objetivos[i]!, this.ultima[i]);
    this.ultima[i] = cantidades;
    let costo = 0;
    const subtotales = new Map<number, number>();
    this.lineas[i]!.ofertas.forEach((o, k) => {
      const q = cantidades[k]!;
      if (q <= 0) return;
      const sub = subtotal(q, precioUnitario(o, q));
      costo += sub;
      subtotales.set(o.proveedor_id, (subtotales.get(o.proveedor_id) ?? 0) + sub);
    });
    const solucion = { cantidades, costo, subtotales };
    this.memo.set(clave, solucion);
    return solucion;
  }

  /** Line i without the offers `sin`, for `objetivo` units: its plan and Lagrangian value. */
  resto(i: number, fuera: ReadonlySet<number>, lambda: ReadonlyMap<number, number>, sin: readonly number[], objetivo: number) {
    const familia = `${i}-${sin.join(',')}${this.clave(i, fuera, lambda)}`;
    const clave = `${familia}-${objetivo}`;
    const previa = this.memoResto.get(clave);
    if (previa) return previa;
    this.llamadasResto++;
    // The last plan of the same line, offers and multipliers for another amount, brought to this one.
    const vecina = this.ultimoResto.get(familia);
    const cantidades = this.plan(i, fuera, lambda, sin, objetivo, vecina && ajustar(this.lineas[i]!, vecina, objetivo));
    this.ultimoResto.set(familia, cantidades);
    let valor = 0;
    this.lineas[i]!.ofertas.forEach((o, j) => {
      const q = cantidades[j]!;
      if (q > 0) valor += subtotal(q, precioUnitario(o, q)) * (1 - (lambda.get(o.proveedor_id) ?? 0));
    });
    const resultado = { cantidades, valor };
    this.memoResto.set(clave, resultado);
    return resultado;
  }

  /** A line's Lagrangian value: its cost less λ × each supplier's part. */
  valor(sol: SolucionLinea, lambda: ReadonlyMap<number, number>): number {
    let v = sol.costo;
    for (const [s, sub] of sol.subtotales) v -= (lambda.get(s) ?? 0) * sub;
    return v;
  }

  /** The engine's optimum of line i for `objetivo` units, prices scaled by λ, without `fuera` and the offers `sin`. */
  private plan(
    i: number,
    fuera: ReadonlySet<number>,
    lambda: ReadonlyMap<number, number>,
    sin: readonly number[],
    objetivo: number,
    previa?: readonly number[],
  ): number[] {
    if (performance.now() > this.limite) throw new Abandono();
    const l = this.lineas[i]!;
    let base = this.preparadas[i];
    if (!base) {
      base = prepararLinea(l.ofertas, this.objetivos[i]!, false);
      this.preparadas[i] = base;
    }
    const linea = restringirLinea(
      base,
      objetivo,
      (k) => sin.includes(k) || fuera.has(l.ofertas[k]!.proveedor_id),
      (k) => 1 - (lambda.get(l.ofertas[k]!.proveedor_id) ?? 0),
    );
    // A previous plan of the line that buys nothing left out here is a plan here too.
    const valida = previa?.every((q, k) => q === 0 || (!fuera.has(l.ofertas[k]!.proveedor_id) && !sin.includes(k)));
    // Cost alone: a bound needs the least cost, not the tie-breaks of the plan shown to a buyer.
    const p = asignacionPreparada(l.ofertas, linea, PRESUPUESTO_PASOS, valida ? previa : undefined);
    if (!p.exacta) throw new Abandono();
    return p.cantidades;
  }

  /** What a line's engine answer depends on: its suppliers left out and their multipliers. */
  private clave(i: number, fuera: ReadonlySet<number>, lambda: ReadonlyMap<number, number>): string {
    let clave = '';
    for (const s of this.proveedoresLinea[i]!) {
      if (fuera.has(s)) clave += `|x${s}`;
      else if (lambda.get(s)) clave += `|${s}:${lambda.get(s)}`;
    }
    return clave;
  }
}

/**
 * A plan of line `l` for `objetivo` units from one for another amount, over the offers it already
 * buys from: units off the dearest ones, or onto the cheapest with stock left. Undefined when those
 * offers cannot hold `objetivo`.
 */
function ajustar(l: LineaCanasta, q: readonly number[], objetivo: number): number[] | undefined {
  const plan = [...q];
  let falta = objetivo - plan.reduce((t, x) => t + x, 0);
  const usadas = plan.flatMap((x, k) => (x > 0 ? [k] : []));
  const precio = (k: number) => precioUnitario(l.ofertas[k]!, Math.max(1, plan[k]!));
  usadas.sort((a, b) => precio(a) - precio(b));
  if (falta < 0) usadas.reverse();
  for (const k of usadas) {
    if (falta === 0) break;
    const d = falta > 0 ? Math.min(falta, Math.floor(l.ofertas[k]!.stock) - plan[k]!) : Math.max(falta, -plan[k]!);
    plan[k]! += d;
    falta -= d;
  }
  return falta === 0 ? plan : undefined;
}
